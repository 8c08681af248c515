/**
 * What an extension pushes to the UI unasked (notify, submit, panel_render, panel_close),
 * handed to the host's callbacks. A callback that throws is logged, never raised.
 */

import { errorMessage } from "../../errors/mod.ts";
import type {
  NotifyFrame,
  PanelCloseFromExtensionFrame,
  PanelRenderFrame,
  SubmitFrame,
} from "../../protocol/mod.ts";
import type { HostCallbacks } from "./host_types.ts";
import type { ExtensionLog } from "./log.ts";

/** A frame an extension pushes. */
export type PushFrame = NotifyFrame | SubmitFrame | PanelRenderFrame | PanelCloseFromExtensionFrame;

/** Calls one host callback; a throw is noted in the extension's log. */
export function callHost(
  callbacks: HostCallbacks,
  log: ExtensionLog,
  name: keyof HostCallbacks,
  fn: (cb: HostCallbacks) => void,
): void {
  try {
    fn(callbacks);
  } catch (err) {
    log.note(`host callback ${name} failed: ${errorMessage(err)}`);
  }
}

/** Forwards a push from extension `extension` to the matching callback. */
export function forwardPush(
  extension: string,
  frame: PushFrame,
  call: (name: keyof HostCallbacks, fn: (cb: HostCallbacks) => void) => void,
): void {
  switch (frame.type) {
    case "notify":
      call(
        "onNotify",
        (cb) => cb.onNotify?.({ extension, level: frame.level, message: frame.message }),
      );
      return;
    case "submit":
      call("onSubmit", (cb) => cb.onSubmit?.({ extension, text: frame.text }));
      return;
    case "panel_render":
      call("onPanelRender", (cb) =>
        cb.onPanelRender?.({
          extension,
          panelId: frame.panel_id,
          ...(frame.title !== undefined ? { title: frame.title } : {}),
          ...(frame.lines !== undefined ? { lines: frame.lines } : {}),
          ...(frame.footer !== undefined ? { footer: frame.footer } : {}),
        }));
      return;
    case "panel_close":
      call("onPanelClose", (cb) => cb.onPanelClose?.({ extension, panelId: frame.panel_id }));
      return;
  }
}

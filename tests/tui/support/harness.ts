/** Starts the chat TUI in-process on a virtual terminal, for tests and the benchmark. */

import { ChatApp } from "../../../src/tui/mod.ts";
import { ScriptedController } from "./scripted_controller.ts";
import { VirtualTerminal, waitForScreen, waitForText } from "./virtual_terminal.ts";

/** A running TUI and its fakes. */
export interface Harness {
  app: ChatApp;
  vt: VirtualTerminal;
  ctl: ScriptedController;
  /** Types text (each call is one input chunk, like a terminal read). */
  type(text: string): void;
  waitFor(text: string): Promise<string>;
  waitUntil(pred: (screen: string) => boolean): Promise<string>;
  /** Exits the TUI and frees the terminal. */
  close(): Promise<void>;
}

/** Starts a TUI on a virtual terminal. */
export async function startHarness(
  ctl = new ScriptedController(),
  opts: { cols?: number; rows?: number; color?: boolean; now?: () => number } = {},
): Promise<Harness> {
  const vt = new VirtualTerminal(opts.cols ?? 80, opts.rows ?? 24);
  const app = new ChatApp(ctl, { terminal: vt, color: opts.color ?? false, now: opts.now });
  const running = app.run();
  await waitForText(vt, "type a message");
  return {
    app,
    vt,
    ctl,
    type: (text) => vt.send(text),
    waitFor: (text) => waitForText(vt, text),
    waitUntil: (pred) => waitForScreen(vt, pred),
    close: async () => {
      app.requestExit();
      await running;
      await vt.flush();
      vt.dispose();
    },
  };
}

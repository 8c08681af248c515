/** `zot ext check --probe`: calls each registered command and tool once with sample arguments. */

import type { ExtensionFrame, HostFrame } from "../../protocol/mod.ts";
import type { JsonSchema } from "../../schema/mod.ts";
import type { CheckStatus } from "./check_types.ts";
import { type FrameTap, waitForFrame } from "./check_frames.ts";
import { sampleArgs } from "./sample_args.ts";

/** What the extension registered that can be probed. */
export interface ProbeTargets {
  commands: string[];
  tools: { name: string; schema?: JsonSchema }[];
}

type Report = (status: CheckStatus, title: string, detail?: string) => void;

const ACTIONS = new Set(["prompt", "insert", "display", "noop", "open_panel"]);

/** Probes every command, then every tool; stops early when the extension exits. */
export async function probe(
  registered: ProbeTargets,
  tap: FrameTap,
  send: (frame: HostFrame) => Promise<void>,
  timeout: number,
  report: Report,
): Promise<void> {
  let seq = 0;
  // A 1.1 dialog asked while handling a probe gets what zot -p gives it: the default or cancelled.
  const answering = (match: (f: ExtensionFrame) => boolean) => (f: ExtensionFrame) => {
    if (f.type !== "ui_request") return match(f);
    void send(
      f.default !== undefined
        ? { type: "ui_response", id: f.id, value: f.default }
        : { type: "ui_response", id: f.id, cancelled: true },
    );
    report(
      "info",
      `dialog (${f.kind}) "${f.title}"`,
      f.default !== undefined
        ? `answered with its default ${JSON.stringify(f.default)}`
        : "cancelled",
    );
    return false;
  };
  for (const name of registered.commands) {
    const id = `check-${++seq}`;
    await send({ type: "command_invoked", id, name });
    const answer = await waitForFrame(
      tap,
      Date.now() + timeout,
      answering((f) => f.type === "command_response" && f.id === id),
    );
    const title = `probe /${name}`;
    if (typeof answer === "string") {
      report(
        "fail",
        title,
        answer === "eof" ? "the extension exited" : `no command_response in ${timeout} ms`,
      );
      if (answer === "eof") return;
    } else if (answer.type === "command_response") {
      if (!ACTIONS.has(answer.action)) report("fail", title, `unknown action "${answer.action}"`);
      else if (answer.error) report("warn", title, `answered with error: ${answer.error}`);
      else report("pass", title, `action ${answer.action}`);
    }
  }
  for (const tool of registered.tools) {
    const id = `check-${++seq}`;
    const args = sampleArgs(tool.schema);
    await send({ type: "tool_call", id, name: tool.name, args });
    const answer = await waitForFrame(
      tap,
      Date.now() + timeout,
      answering((f) => f.type === "tool_result" && f.id === id),
    );
    const title = `probe tool ${tool.name} ${JSON.stringify(args)}`;
    if (typeof answer === "string") {
      report(
        "fail",
        title,
        answer === "eof" ? "the extension exited" : `no tool_result in ${timeout} ms`,
      );
      if (answer === "eof") return;
    } else if (answer.type === "tool_result") {
      const text = answer.content.map((b) => b.text ?? `[${b.type}]`).join(" ").slice(0, 120);
      report(
        answer.is_error ? "warn" : "pass",
        title,
        `${answer.is_error ? "is_error: " : ""}${text}`,
      );
    }
  }
}

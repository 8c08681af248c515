/**
 * A TuiController that plays scripted agent events, for driving the TUI without the
 * agent: in-process tests, the tmux fixture and the benchmark.
 */

import type { Message } from "../../../src/messages/mod.ts";
import type {
  CommandInfo,
  CommandOutcome,
  CommandReport,
  ModelChoice,
  SessionChoice,
  StatusInfo,
  TuiController,
  UiEvent,
} from "../../../src/tui/mod.ts";

/** One step of a scripted answer. */
export type Step =
  | { text: string }
  | { thinking: string }
  | { delay: number }
  /** Waits for the promise (or cancellation). */
  | { wait: Promise<void> }
  | { event: UiEvent }
  | { tool: string; args: Record<string, unknown>; result: string; isError?: boolean };

/** What the scripted controller does for a prompt. */
export type Script = (prompt: string) => Step[];

/** The default script: streams "echo: <prompt>" in a few chunks. */
export const echoScript: Script = (prompt: string): Step[] => [
  { text: "echo: " },
  { text: prompt },
];

const zero = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, costUsd: 0 };

/** A controller whose answers are scripted. */
export class ScriptedController implements TuiController {
  info: StatusInfo;
  script: Script;
  extCommands: CommandInfo[] = [];
  outcomes = new Map<string, (args: string) => CommandOutcome | Promise<CommandOutcome>>();
  messages: Message[] = [];
  /** What /model offers. */
  modelList: ModelChoice[] = [{ id: "claude-test", contextWindow: 200000 }];
  /** What /sessions offers (a CommandReport: why there are none). */
  sessionList: SessionChoice[] | CommandReport = { text: "no sessions yet" };
  /** The transcripts resumeSession loads, by path. */
  savedSessions = new Map<string, Message[]>();
  /** Every controller call, in order, for assertions. */
  calls: string[] = [];
  submitted: string[] = [];
  #listeners = new Set<(e: UiEvent) => void>();
  #abort?: AbortController;
  #timers = new Set<ReturnType<typeof setTimeout>>();
  closed = false;

  constructor(script: Script = echoScript, info?: Partial<StatusInfo>) {
    this.script = script;
    this.info = {
      cwd: "/work/project",
      provider: "anthropic",
      model: "claude-test",
      contextWindow: 200000,
      hasCredentials: true,
      ...info,
    };
  }

  status(): StatusInfo {
    return this.info;
  }
  history(): Message[] {
    return this.messages;
  }
  subscribe(listener: (event: UiEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  /** Sends an event to the TUI (notify, panel_render, …). */
  emit(event: UiEvent): void {
    for (const l of this.#listeners) l(event);
  }

  #sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const t = setTimeout(done, ms);
      this.#timers.add(t);
      signal.addEventListener("abort", done, { once: true });
      const timers = this.#timers;
      function done() {
        clearTimeout(t);
        timers.delete(t);
        signal.removeEventListener("abort", done);
        resolve();
      }
    });
  }

  #waitOr(p: Promise<void>, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        signal.removeEventListener("abort", done);
        resolve();
      };
      signal.addEventListener("abort", done, { once: true });
      p.then(done);
    });
  }

  async submit(text: string): Promise<void> {
    this.calls.push(`submit:${text}`);
    this.submitted.push(text);
    const abort = new AbortController();
    this.#abort = abort;
    const signal = abort.signal;
    this.emit({ type: "turn_start", step: 1 });
    this.emit({ type: "assistant_start" });
    let answer = "";
    let step = 1;
    for (const s of this.script(text)) {
      if (signal.aborted) break;
      if ("delay" in s) await this.#sleep(s.delay, signal);
      else if ("wait" in s) await this.#waitOr(s.wait, signal);
      else if ("text" in s) {
        answer += s.text;
        this.emit({ type: "text_delta", delta: s.text });
      } else if ("thinking" in s) this.emit({ type: "thinking_delta", delta: s.thinking });
      else if ("event" in s) this.emit(s.event);
      else {
        const id = `call_${step}`;
        this.emit({ type: "tool_use_start", id, name: s.tool });
        this.emit({ type: "tool_call", id, name: s.tool, args: s.args });
        this.emit({
          type: "tool_result",
          id,
          name: s.tool,
          isError: s.isError ?? false,
          content: [{ type: "text", text: s.result }],
        });
        step++;
        this.emit({ type: "turn_start", step });
        this.emit({ type: "assistant_start" });
      }
    }
    if (this.#abort === abort) this.#abort = undefined;
    if (signal.aborted) {
      this.emit({ type: "turn_end", step, stop: "aborted" });
      this.emit({ type: "done", stop: "aborted" });
      return;
    }
    const usage = { input: 1000, output: 100, cacheRead: 0, cacheWrite: 0, costUsd: 0.0015 };
    this.emit({ type: "usage", usage, cumulative: { ...zero, ...usage } });
    this.emit({
      type: "assistant_message",
      message: {
        role: "assistant",
        content: [{ type: "text", text: answer }],
        time: new Date().toISOString(),
      },
    });
    this.emit({ type: "turn_end", step, stop: "end" });
    this.emit({ type: "done", stop: "end" });
  }
  cancel(): void {
    this.calls.push("cancel");
    this.#abort?.abort();
  }
  commands(): CommandInfo[] {
    return this.extCommands;
  }
  async runCommand(name: string, args: string): Promise<CommandOutcome> {
    this.calls.push(`command:${name}:${args}`);
    const fn = this.outcomes.get(name);
    return fn ? await fn(args) : { action: "noop" };
  }
  panelKey(extension: string, panelId: string, key: string, text?: string): void {
    this.calls.push(
      `panel_key:${extension}:${panelId}:${key}${text !== undefined ? ":" + text : ""}`,
    );
  }
  panelClose(extension: string, panelId: string): void {
    this.calls.push(`panel_close:${extension}:${panelId}`);
  }
  panelResize(extension: string, panelId: string, width: number, height: number): void {
    this.calls.push(`panel_resize:${extension}:${panelId}:${width}x${height}`);
  }
  reloadExtensions(): Promise<CommandReport> {
    this.calls.push("reload");
    return Promise.resolve({ text: "reloaded: 1 stopped, 1 loaded (1 ready)" });
  }
  clear(): Promise<void> {
    this.calls.push("clear");
    return Promise.resolve();
  }
  compact(): Promise<CommandReport> {
    this.calls.push("compact");
    return Promise.resolve({ text: "compacted" });
  }
  models(): ModelChoice[] {
    this.calls.push("models");
    return this.modelList;
  }
  model(id: string): Promise<CommandReport> {
    this.calls.push(`model:${id}`);
    this.info = { ...this.info, model: id };
    return Promise.resolve({ text: `model: ${id}` });
  }
  sessions(): Promise<SessionChoice[] | CommandReport> {
    this.calls.push("sessions");
    return Promise.resolve(this.sessionList);
  }
  resumeSession(path: string): Promise<CommandReport> {
    this.calls.push(`resume:${path}`);
    const saved = this.savedSessions.get(path);
    if (!saved) return Promise.resolve({ text: `no session ${path}`, isError: true });
    this.messages = saved;
    return Promise.resolve({ text: `resumed ${path}` });
  }
  close(): Promise<void> {
    this.calls.push("close");
    this.closed = true;
    for (const t of this.#timers) clearTimeout(t);
    return Promise.resolve();
  }
}

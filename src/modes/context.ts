/** What every non-interactive mode runs with: the agent, slash commands, extension signals. */

import type { Agent } from "../agent/mod.ts";
import type { ExtStatusView } from "./ext_status.ts";
import { sanitizeLine, sanitizeText } from "../text/mod.ts";
import type { DialogBus } from "./dialogs.ts";
import { sleep } from "../timing/mod.ts";

/** A slash command an extension registered. */
export interface SlashCommandInfo {
  name: string;
  description: string;
  extension: string;
  /** False once the owning extension has exited. */
  running?: boolean;
}

/** An extension's answer to a slash command (the host's CommandOutcome). */
export interface SlashOutcome {
  extension: string;
  command: string;
  action: string;
  prompt?: string;
  insert?: string;
  display?: string;
  openPanel?: { id: string; title?: string; lines?: string[]; footer?: string };
  error?: string;
}

/** Extension slash commands: listing and invoking them. */
export interface SlashHost {
  commands(): SlashCommandInfo[];
  /** Runs a command; rejects on transport failures (timeout, extension exited). */
  invoke(name: string, args: string, signal?: AbortSignal): Promise<SlashOutcome>;
}

/** A slash host with no commands. */
export const NO_SLASH_HOST: SlashHost = {
  commands: () => [],
  invoke: (name) => Promise.reject(new Error(`no extension registered the command /${name}`)),
};

/** A `notify` from an extension. */
export interface Notice {
  extension: string;
  level: string;
  message: string;
}

/** A `submit` from an extension: text to send as a user prompt. */
export interface Submission {
  extension: string;
  text: string;
}

/** Notices kept while no mode listens yet (an extension may notify during its handshake). */
const NOTICE_BACKLOG = 100;

/** Fans extension pushes (notify, submit) out to the running mode. */
export class ExtensionBus {
  #notice = new Set<(n: Notice) => void>();
  #submit = new Set<(s: Submission) => void>();
  #backlog: Notice[] = [];
  /** When the last push (or marked activity) happened, on the monotonic clock. */
  #lastActivity = -Infinity;
  #pushes = 0;

  /** How many notify and submit frames arrived so far. */
  get pushes(): number {
    return this.#pushes;
  }

  /** Records that an extension just did something (e.g. answered a command). */
  markActivity(): void {
    this.#lastActivity = performance.now();
  }

  /**
   * Waits until no push has arrived for `quietMs` (but no longer than `maxMs` in all), so
   * what an extension sends right after its answer is not lost when zot ends.
   */
  async quiet(quietMs: number, maxMs: number, signal?: AbortSignal): Promise<void> {
    const end = performance.now() + maxMs;
    while (!signal?.aborted) {
      const wait = Math.min(this.#lastActivity + quietMs, end) - performance.now();
      if (wait <= 0) return;
      await sleep(wait, signal);
    }
  }
  /** Notices that fell off the backlog before anyone listened, by extension. */
  #overflow = new Map<string, number>();
  #status = new Set<(s: ExtStatusView) => void>();
  #statuses: () => ExtStatusView[] = () => [];

  /** Listens to notices (the first one also gets the backlog); returns the unsubscribe function. */
  onNotify(listener: (n: Notice) => void): () => void {
    this.#notice.add(listener);
    const backlog = this.#backlog;
    this.#backlog = [];
    for (const [extension, count] of this.#overflow) {
      listener({
        extension,
        level: "warn",
        message: `${count} earlier notices from this extension were dropped (more than ` +
          `${NOTICE_BACKLOG} arrived before zot was ready to show them)`,
      });
    }
    this.#overflow.clear();
    for (const n of backlog) listener(n);
    return () => this.#notice.delete(listener);
  }

  /** Listens to submissions; returns the unsubscribe function. */
  onSubmit(listener: (s: Submission) => void): () => void {
    this.#submit.add(listener);
    return () => this.#submit.delete(listener);
  }

  /** Delivers a notice (called by the host's onNotify callback). */
  notify(notice: Notice): void {
    this.#pushes++;
    this.markActivity();
    if (this.#notice.size === 0) {
      this.#backlog.push(notice);
      if (this.#backlog.length > NOTICE_BACKLOG) {
        const lost = this.#backlog.shift()!;
        this.#overflow.set(lost.extension, (this.#overflow.get(lost.extension) ?? 0) + 1);
      }
      return;
    }
    for (const l of this.#notice) l(notice);
  }

  /** Listens to extension state changes; returns the unsubscribe function. */
  onStatus(listener: (s: ExtStatusView) => void): () => void {
    this.#status.add(listener);
    return () => this.#status.delete(listener);
  }

  /** Delivers a state change (called by the host's onStatusChange callback). */
  status(status: ExtStatusView): void {
    for (const l of this.#status) l(status);
  }

  /** Sets where the current status of every extension comes from (the host). */
  setStatusSource(source: () => ExtStatusView[]): void {
    this.#statuses = source;
  }

  /** Every extension's current status. */
  statuses(): ExtStatusView[] {
    return this.#statuses();
  }

  /** Delivers a submission (called by the host's onSubmit callback). */
  submit(submission: Submission): void {
    this.#pushes++;
    this.markActivity();
    for (const l of this.#submit) l(submission);
  }
}

/** A model as get_models lists it. */
export interface ModelSummary {
  id: string;
  provider: string;
  contextWindow: number;
  maxOutput: number;
  reasoning: boolean;
}

/** Where a mode writes (the CLI's Output satisfies it). */
export interface ModeOutput {
  out(text: string): void;
  err(text: string): void;
}

/** Everything a mode needs; built by the CLI after startup. */
export interface ModeContext {
  agent: Agent;
  slash: SlashHost;
  bus: ExtensionBus;
  output: ModeOutput;
  /** Extension dialogs (protocol 1.1); absent: nobody can answer them. */
  dialogs?: DialogBus;
  /** The running zot version. */
  version: string;
  /** Models of the catalog (for get_models and set_model). */
  models(): ModelSummary[];
}

/** Writes a notice to stderr as `[ext] level: message` (print and json modes). */
export function noticeToStderr(output: ModeOutput, notice: Notice): void {
  // An extension's text never reaches the terminal raw (OSC 52, title changes, clears).
  const head = `[${sanitizeLine(notice.extension)}] ${sanitizeLine(notice.level)}`;
  output.err(`${head}: ${sanitizeText(notice.message)}\n`);
}

/** What every non-interactive mode runs with: the agent, slash commands, extension signals. */

import type { Agent } from "../agent/mod.ts";
import type { DialogBus } from "./dialogs.ts";

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

  /** Listens to notices (the first one also gets the backlog); returns the unsubscribe function. */
  onNotify(listener: (n: Notice) => void): () => void {
    this.#notice.add(listener);
    const backlog = this.#backlog;
    this.#backlog = [];
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
    if (this.#notice.size === 0) {
      this.#backlog.push(notice);
      if (this.#backlog.length > NOTICE_BACKLOG) this.#backlog.shift();
      return;
    }
    for (const l of this.#notice) l(notice);
  }

  /** Delivers a submission (called by the host's onSubmit callback). */
  submit(submission: Submission): void {
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
  output.err(`[${notice.extension}] ${notice.level}: ${notice.message}\n`);
}

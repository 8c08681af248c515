/** Opening the session a run writes to: new, --continue, --resume, --session, or none. */

import { UsageError } from "../errors/mod.ts";
import type { LoadReport, Session, SessionInfo, SessionStore } from "../session/mod.ts";

/** The session flags. */
export interface SessionFlags {
  continue: boolean;
  resume: boolean;
  sessionPath?: string;
  noSession: boolean;
}

/** Where the picker talks to the user. */
export interface PickerIo {
  err(text: string): void;
  /** Reads one line from stdin (undefined at end of input). */
  readLine(): Promise<string | undefined>;
}

/** What the run records about itself in a new session. */
export interface SessionIdentity {
  cwd: string;
  provider: string;
  model: string;
}

/** Opens (or creates) the session the flags ask for; undefined for --no-session. */
export async function openSession(
  store: SessionStore,
  flags: SessionFlags,
  identity: SessionIdentity,
  io: PickerIo,
): Promise<Session | undefined> {
  if (flags.noSession) return undefined;
  const open = async (path: string) => {
    const session = await store.open(path);
    const repairs = describeRepairs(session.report);
    if (repairs) io.err(`zot: session ${session.path}: ${repairs}\n`);
    return session;
  };
  if (flags.sessionPath) return await open(flags.sessionPath);
  if (flags.continue) {
    const latest = await store.latest(identity.cwd);
    if (latest) return await open(latest.path);
    io.err("zot: no earlier session for this folder; starting a new one\n");
  } else if (flags.resume) {
    const picked = await pick(await store.list(identity.cwd), io);
    if (picked) return await open(picked.path);
  }
  return await store.create(identity);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What loading skipped or repaired, in words; empty when the file was whole. */
export function describeRepairs(report: LoadReport): string {
  const parts: string[] = [];
  if (report.skippedLines > 0) {
    parts.push(
      `skipped ${plural(report.skippedLines, "unreadable record", "unreadable records")} ` +
        "(left in the file; the conversation goes on without them)",
    );
  }
  if (report.droppedTailBytes > 0) {
    parts.push(`cut a torn last record (${report.droppedTailBytes} bytes) off the file`);
  }
  if (report.stubbedResults > 0) {
    parts.push(
      `marked ${
        plural(report.stubbedResults, "tool call", "tool calls")
      } without a result as aborted`,
    );
  }
  if (report.orphanedResults > 0) {
    parts.push(
      `dropped ${plural(report.orphanedResults, "tool result", "tool results")} no call asked for`,
    );
  }
  return parts.join("; ");
}

function describe(info: SessionInfo, n: number): string {
  const when = info.updated.replace("T", " ").slice(0, 16);
  const title = info.title ?? info.firstPrompt;
  return `${String(n).padStart(3)}. ${when}  ${info.model}  ${info.messageCount} msgs  ` +
    `$${info.costUsd.toFixed(4)}  ${title}`;
}

/** Prints a numbered list on stderr and reads the choice from stdin. */
async function pick(sessions: SessionInfo[], io: PickerIo): Promise<SessionInfo | undefined> {
  if (sessions.length === 0) {
    io.err("zot: no earlier session for this folder; starting a new one\n");
    return undefined;
  }
  io.err("sessions for this folder (newest first):\n");
  sessions.forEach((s, i) => io.err(describe(s, i + 1) + "\n"));
  io.err(`pick a session [1-${sessions.length}]: `);
  const line = (await io.readLine())?.trim() ?? "";
  const n = Number(line);
  if (!Number.isInteger(n) || n < 1 || n > sessions.length) {
    throw new UsageError(
      `"${line}" is not a session number between 1 and ${sessions.length}`,
      { hint: "run zot --resume again and type one of the listed numbers" },
    );
  }
  return sessions[n - 1];
}

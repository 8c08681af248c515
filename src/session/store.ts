/**
 * The session store: JSONL transcripts under `$ZOT_HOME/sessions/<cwd hash>/`. Creates new
 * sessions, reopens one for appending (repairing what a crash left), and lists a project's
 * sessions for --continue / --resume.
 */

import { join, resolve } from "../paths/mod.ts";
import type { ZotPaths } from "../config/mod.ts";
import { ZOT_VERSION } from "../config/mod.ts";
import { ConfigError, errorMessage } from "../errors/mod.ts";
import { type Message, textOf, zeroUsage } from "../messages/mod.ts";
import { sessionDir, sessionFileName } from "./paths.ts";
import { idFromFileName, readSessionFile } from "./reader.ts";
import { repairToolPairs } from "./repair.ts";
import { encodeLines, Session } from "./session.ts";
import type { SessionInfo, SessionMeta } from "./types.ts";

/** What a new session records about itself. */
export interface CreateSessionOptions {
  cwd: string;
  model: string;
  provider: string;
}

/** Options for SessionStore; `now` is injectable so tests can control file names. */
export interface SessionStoreOptions {
  paths: ZotPaths;
  version?: string;
  now?: () => Date;
}

/** Creates, opens and lists sessions. */
export class SessionStore {
  #root: string;
  #version: string;
  #now: () => Date;

  constructor(options: SessionStoreOptions) {
    this.#root = options.paths.sessions;
    this.#version = options.version ?? ZOT_VERSION;
    this.#now = options.now ?? (() => new Date());
  }

  /** The folder holding a working directory's sessions. */
  dirFor(cwd: string): Promise<string> {
    return sessionDir(this.#root, cwd);
  }

  /** Starts a new session file (created exclusively) with its meta line. */
  async create(options: CreateSessionOptions): Promise<Session> {
    const cwd = resolve(options.cwd);
    const dir = await this.dirFor(cwd);
    await Deno.mkdir(dir, { recursive: true });
    const started = this.#now();
    for (let attempt = 0;; attempt++) {
      const id = crypto.randomUUID();
      const path = join(dir, sessionFileName(started, id));
      let file: Deno.FsFile;
      try {
        file = await Deno.open(path, { write: true, append: true, createNew: true, mode: 0o644 });
      } catch (err) {
        if (err instanceof Deno.errors.AlreadyExists && attempt < 5) continue;
        throw err;
      }
      const meta: SessionMeta = {
        id,
        cwd,
        model: options.model,
        provider: options.provider,
        started: started.toISOString(),
        version: this.#version,
      };
      try {
        await file.write(encodeLines([{ type: "meta", meta }]));
      } catch (err) {
        file.close();
        await Deno.remove(path).catch(() => {});
        throw err;
      }
      return new Session({
        path,
        file,
        meta,
        loaded: [],
        cumulative: zeroUsage(),
        fresh: true,
        report: { skippedLines: 0, droppedTailBytes: 0, stubbedResults: 0, orphanedResults: 0 },
      });
    }
  }

  /**
   * Opens a session for appending. A torn last line is cut off the file, corrupt lines are
   * skipped and counted, and tool calls without results get stub results. A file that holds
   * no session line is refused untouched (ConfigError `not_a_session`).
   */
  async open(path: string): Promise<Session> {
    const abs = resolve(path);
    let contents;
    try {
      contents = await readSessionFile(abs, { repair: true });
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) {
        throw new ConfigError("session_not_found", `session file not found: ${abs}`, {
          hint: "list this project's sessions with zot --resume",
        });
      }
      throw new ConfigError(
        "session_unreadable",
        `cannot read session ${abs}: ${errorMessage(err)}`,
        {
          cause: err,
        },
      );
    }
    if (contents.bytes > 0 && contents.sessionLines === 0) {
      throw new ConfigError(
        "not_a_session",
        `${abs} is not a zot session file (none of its lines is a session record); ` +
          `it was left unchanged`,
        { hint: "pass a .jsonl file listed by zot --resume, or leave out --session" },
      );
    }
    const repaired = repairToolPairs(contents.messages);
    const meta: SessionMeta = contents.meta ?? {
      id: idFromFileName(abs),
      cwd: "",
      model: "",
      provider: "",
      started: "",
      version: "",
    };
    const file = await Deno.open(abs, { append: true });
    const session = new Session({
      path: abs,
      file,
      meta,
      loaded: repaired.messages,
      cumulative: contents.cumulative,
      fresh: false,
      report: {
        skippedLines: contents.skipped,
        droppedTailBytes: contents.droppedTailBytes,
        stubbedResults: repaired.stubbed,
        orphanedResults: repaired.orphaned,
      },
    });
    return session;
  }

  /** The most recently written session of a working directory (for --continue). */
  async latest(cwd: string): Promise<SessionInfo | undefined> {
    return (await this.list(cwd))[0];
  }

  /** A working directory's sessions that hold messages, most recently written first. */
  async list(cwd: string): Promise<SessionInfo[]> {
    const dir = await this.dirFor(cwd);
    const names: string[] = [];
    try {
      for await (const entry of Deno.readDir(dir)) {
        if (entry.isFile && entry.name.endsWith(".jsonl")) names.push(entry.name);
      }
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) return [];
      throw err;
    }
    const infos: SessionInfo[] = [];
    for (const name of names) {
      const path = join(dir, name);
      try {
        const [stat, contents] = await Promise.all([Deno.stat(path), readSessionFile(path)]);
        if (contents.messages.length === 0) continue;
        const meta = contents.meta;
        const info: SessionInfo = {
          id: meta?.id ?? idFromFileName(path),
          path,
          started: meta?.started || (stat.birthtime ?? stat.mtime ?? new Date(0)).toISOString(),
          updated: (stat.mtime ?? new Date(0)).toISOString(),
          model: meta?.model ?? "",
          provider: meta?.provider ?? "",
          messageCount: contents.messages.length,
          firstPrompt: firstPrompt(contents.messages),
          costUsd: contents.cumulative.costUsd,
        };
        if (meta?.title) info.title = meta.title;
        infos.push(info);
      } catch (err) {
        // A file that vanished or cannot be read is not worth failing the listing over.
        if (!(err instanceof Deno.errors.NotFound || err instanceof Deno.errors.PermissionDenied)) {
          throw err;
        }
      }
    }
    return infos.sort((a, b) =>
      a.updated !== b.updated
        ? (a.updated < b.updated ? 1 : -1)
        : (a.path < b.path ? 1 : a.path > b.path ? -1 : 0)
    );
  }
}

function firstPrompt(messages: readonly Message[]): string {
  const user = messages.find((m) => m.role === "user");
  if (!user) return "";
  const text = textOf(user.content, " ").replace(/\s+/g, " ").trim();
  return text.length > 120 ? text.slice(0, 119) + "…" : text;
}

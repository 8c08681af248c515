/** The session file format: one JSON object per line, and what loading one yields. */

import type { Message, Usage } from "../messages/mod.ts";

/** Who, where and when: the first line of every session file (re-appended on change). */
export interface SessionMeta {
  id: string;
  /** Absolute working directory the session belongs to. */
  cwd: string;
  model: string;
  provider: string;
  /** RFC 3339 start time. */
  started: string;
  /** zot version that created the session. */
  version: string;
  title?: string;
  /** Session this one was forked from, and the message index it was forked at. */
  parent?: string;
  forkPoint?: number;
}

/** `{"type":"meta","meta":…}` */
export interface MetaLine {
  type: "meta";
  meta: SessionMeta;
}

/** `{"type":"message","message":…}` */
export interface MessageLine {
  type: "message";
  message: Message;
}

/** `{"type":"usage","usage":…,"cumulative":…}`: one model call and the running total. */
export interface UsageLine {
  type: "usage";
  usage: Usage;
  cumulative: Usage;
}

/** `{"type":"rename","title":…}`: original zot's title change (read, not written). */
export interface RenameLine {
  type: "rename";
  title: string;
}

/** Any line of a session file. */
export type SessionLine = MetaLine | MessageLine | UsageLine | RenameLine;

/** A session as the --resume picker shows it. */
export interface SessionInfo {
  id: string;
  path: string;
  started: string;
  /** Last write (file mtime), RFC 3339. */
  updated: string;
  model: string;
  provider: string;
  messageCount: number;
  /** The first user prompt, on one line, cut to 120 characters. */
  firstPrompt: string;
  costUsd: number;
  title?: string;
}

/** The text of a tool result recorded for a call whose result was never written. */
export const ABORTED_TOOL_RESULT = "tool call was aborted; no result recorded";

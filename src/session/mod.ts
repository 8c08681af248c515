/** Sessions: JSONL transcripts written line by line, reopened with repair, listed per project. */
export { cwdHash, sessionFileName } from "./paths.ts";
export { readSessionFile } from "./reader.ts";
export type { ReadSessionOptions, SessionFileContents } from "./reader.ts";
export { repairToolPairs } from "./repair.ts";
export type { RepairReport } from "./repair.ts";
export { Session } from "./session.ts";
export type { LoadReport } from "./session.ts";
export { SessionStore } from "./store.ts";
export type { CreateSessionOptions, SessionStoreOptions } from "./store.ts";
export { ABORTED_TOOL_RESULT } from "./types.ts";
export type {
  MessageLine,
  MetaLine,
  SessionInfo,
  SessionLine,
  SessionMeta,
  UsageLine,
} from "./types.ts";

/** The agent: loop, system prompt, events. */
export type { AgentEvent, AgentEventType } from "./events.ts";

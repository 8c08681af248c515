/**
 * What an extension registers after hello: commands, tools (names and schemas checked
 * here, rejects logged) and subscriptions. Applied to its ManagedExtension through the
 * shared Registry, which decides conflicts.
 */

import {
  EVENT_NAMES,
  type EventName,
  INTERCEPTABLE_EVENTS,
  type InterceptableEvent,
  type RegisterCommandFrame,
  type RegisterToolFrame,
} from "../../protocol/mod.ts";
import { checkToolSchema, type JsonSchema } from "../../schema/mod.ts";
import type { ExtensionLog } from "./log.ts";
import type { RegistrationSource, Registry } from "./registry.ts";

const COMMAND_NAME = /^[^\s/\p{Cc}][^\s\p{Cc}]{0,63}$/u;
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The name zot uses for a registered command (one leading "/" dropped); undefined if unusable. */
export function usableCommandName(name: string): string | undefined {
  const bare = name.startsWith("/") ? name.slice(1) : name;
  return COMMAND_NAME.test(bare) ? bare : undefined;
}

/** Whether a tool name is one providers accept (letters, digits, "_" and "-", at most 64). */
export function isUsableToolName(name: string): boolean {
  return TOOL_NAME.test(name);
}

const EMPTY_SCHEMA: JsonSchema = { type: "object", properties: {} };

/** A source that also holds its subscriptions. */
export interface Subscriber extends RegistrationSource {
  readonly subscriptions: Set<EventName>;
  readonly intercepts: Set<InterceptableEvent>;
}

/** Applies `register_command`; an unusable name is logged and skipped. */
export function registerCommand<S extends RegistrationSource>(
  source: S,
  registry: Registry<S>,
  log: ExtensionLog,
  frame: RegisterCommandFrame,
): void {
  const name = usableCommandName(frame.name);
  if (name === undefined) {
    log.diagnostic(`command name ${JSON.stringify(frame.name)} is not usable; skipped`);
    return;
  }
  registry.addCommand(source, { name, description: frame.description ?? "" });
}

/** Applies `register_tool`; an unusable name or invalid schema is logged and skipped. */
export function registerTool<S extends RegistrationSource>(
  source: S,
  registry: Registry<S>,
  log: ExtensionLog,
  frame: RegisterToolFrame,
): void {
  if (!isUsableToolName(frame.name)) {
    log.diagnostic(
      `tool name ${JSON.stringify(frame.name)} is not usable (letters, digits, "_" and "-", ` +
        `at most 64); skipped`,
    );
    return;
  }
  let schema = frame.schema;
  if (schema === undefined) {
    log.note(`tool "${frame.name}" has no schema; using an empty object schema`);
    schema = EMPTY_SCHEMA;
  }
  const problems = checkToolSchema(schema);
  if (problems.length > 0) {
    log.diagnostic(`tool "${frame.name}": invalid schema (${problems.join("; ")}); skipped`);
    return;
  }
  registry.addTool(source, { name: frame.name, description: frame.description ?? "", schema });
}

/** Applies `subscribe`: known events are added, unknown ones logged. */
export function subscribe(
  source: Subscriber,
  log: ExtensionLog,
  events: string[],
  intercept: string[],
): void {
  for (const event of events) {
    if ((EVENT_NAMES as readonly string[]).includes(event)) {
      source.subscriptions.add(event as EventName);
    } else {
      log.diagnostic(`subscribe: unknown event ${JSON.stringify(event)}; ignored`);
    }
  }
  for (const event of intercept) {
    if ((INTERCEPTABLE_EVENTS as readonly string[]).includes(event)) {
      source.intercepts.add(event as InterceptableEvent);
    } else {
      log.diagnostic(
        `subscribe: ${JSON.stringify(event)} cannot be intercepted (only ` +
          `${INTERCEPTABLE_EVENTS.join(", ")}); ignored`,
      );
    }
  }
}

/**
 * The zot extension SDK for Deno and Node, without dependencies.
 *
 * ```ts
 * import { createExtension, respond, result } from "./mod.ts";
 *
 * const ext = createExtension({ name: "hello", version: "1.0.0" });
 * ext.command("hello", "say hi", () => respond.prompt("Greet me in one short sentence."));
 * ext.tool(
 *   "weather",
 *   "Current weather for a city.",
 *   { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
 *   ({ city }) => result.text(`${city}: sunny`),
 * );
 * await ext.run();
 * ```
 */

export { createExtension, Extension } from "./extension.ts";
export type {
  CallContext,
  CommandHandler,
  DialogOptions,
  EventHandler,
  ExtensionOptions,
  InterceptDecisions,
  InterceptHandler,
  Progress,
  RunOptions,
  ToolHandler,
} from "./handler_types.ts";
export { Dialogs } from "./dialogs.ts";
export {
  addContext,
  type Allow,
  allow,
  type Ask,
  ask,
  type Block,
  block,
  type CommandResponse,
  type Decision,
  type Modify,
  modify,
  type PromptPatch,
  replaceResult,
  type ReplaceText,
  replaceText,
  respond,
  result,
  type ResultPatch,
  type ToolResult,
} from "./helpers.ts";
export { LineSplitter, MAX_LINE_LENGTH } from "./lines.ts";
export * from "./protocol.ts";
export { type FromSchema, type JsonSchema, type JsonType, schemaProblem } from "./schema.ts";
export type { Transport } from "./transport.ts";

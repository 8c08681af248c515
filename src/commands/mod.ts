/** Built-in slash commands: the one registry every mode, the popup, /help and the docs read. */
export {
  BUILTIN_COMMAND_NAMES,
  BUILTIN_COMMANDS,
  builtinCommand,
  commandsFor,
  dispatch,
  helpText,
  MODE_NAMES,
} from "./registry.ts";
export type {
  BuiltinCommand,
  CommandPort,
  Dispatch,
  InteractivePort,
  ListedCommand,
  ModeName,
  SafetyPort,
} from "./registry.ts";
export {
  commandsTable,
  DOCS_TABLE_END,
  DOCS_TABLE_START,
  withCommandsTable,
} from "./docs_table.ts";

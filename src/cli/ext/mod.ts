/** `zot ext …`: the subcommand tree. */
export { buildExtCommand } from "./command.ts";

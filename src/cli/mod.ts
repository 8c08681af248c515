/** The command-line interface: argument parsing and dispatch to modes. */
export { buildProgram, runCli } from "./program.ts";
export type { RootOptions } from "./program.ts";
export { colorAllowed, paint, processOutput, Spinner } from "./output.ts";
export type { Output, Style } from "./output.ts";

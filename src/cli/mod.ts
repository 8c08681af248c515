/** The command-line interface: argument parsing and dispatch to modes. */
export { quickAnswer, runCli } from "./entry.ts";
export type { RootOptions } from "./program.ts";
export { colorAllowed, paint, processOutput, Spinner } from "./output.ts";
export type { Output, Style } from "./output.ts";

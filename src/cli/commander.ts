/** The one wrapper around the `commander` package, so a swap touches only this file. */
export {
  Argument,
  Command,
  CommanderError,
  InvalidArgumentError,
  Option,
} from "@commander-js/extra-typings";
export type { CommandUnknownOpts } from "@commander-js/extra-typings";

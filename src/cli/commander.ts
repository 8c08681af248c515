/** The one wrapper around the `commander` package, so a swap touches only this file. */
export { Command, CommanderError, InvalidArgumentError, Option } from "@commander-js/extra-typings";

/** The shape of the generated root_flags.ts, shared by it, the quick parser and its generator. */

/** One root option as commander declares it (root_flags.ts is generated from commander). */
export interface RootFlagSpec {
  /** `--print`, `--no-session`. */
  long: string;
  /** `-p`, when there is one. */
  short?: string;
  /** The key in commander's options record: `print`, `session`. */
  key: string;
  /** `<value>` is required, `[value]` is optional, or the flag takes none. */
  value: "none" | "required" | "optional";
  /** `--no-x`: sets the key to false. */
  negate: boolean;
  /** How the value is read: repeatable into a list, or a positive whole number. */
  parse?: "list" | "int";
  choices?: readonly string[];
}

/**
 * Who owns a command or tool name. Built-ins always win. Between extensions the one
 * earliest in LaunchSpec order wins, whatever order their registrations arrived in:
 * ownership is computed from the spec index on every lookup, never from arrival time.
 * Each registration that loses (at the time it arrives, or later when an earlier
 * extension claims the name) is written to the loser's log.
 *
 * Names are owned by every extension that said hello, also after it exits, so a dead
 * extension's command still routes to it (and fails with "not running") rather than
 * falling through to another extension or vanishing until reload.
 */

import type { JsonSchema } from "../../schema/mod.ts";

/** A command one extension registered. */
export interface CommandEntry {
  name: string;
  description: string;
}

/** A tool one extension registered (schema already checked). */
export interface ToolEntry {
  name: string;
  description: string;
  schema: JsonSchema;
}

/** What the registry needs from an extension. */
export interface RegistrationSource {
  readonly name: string;
  /** Position in the LaunchSpec list: lower wins. */
  readonly index: number;
  /** Said hello (refused extensions never own names). */
  readonly accepted: boolean;
  readonly commands: Map<string, CommandEntry>;
  readonly tools: Map<string, ToolEntry>;
  /** Writes a `[zot]` line to this extension's log. */
  note(text: string): void;
}

/** Built-in names extensions cannot take. */
export interface BuiltinNames {
  commands: readonly string[];
  tools: readonly string[];
}

type Kind = "command" | "tool";

/** Command and tool ownership across the loaded extensions. */
export class Registry<S extends RegistrationSource> {
  readonly #builtins: { command: Set<string>; tool: Set<string> };
  #sources: S[] = [];

  constructor(builtins: BuiltinNames) {
    this.#builtins = { command: new Set(builtins.commands), tool: new Set(builtins.tools) };
  }

  /** Replaces the set of extensions (kept sorted by spec index). */
  setSources(sources: S[]): void {
    this.#sources = [...sources].sort((a, b) => a.index - b.index);
  }

  /** The extensions, in spec order. */
  get sources(): readonly S[] {
    return this.#sources;
  }

  /** Records a command registration and logs any shadowing it causes. */
  addCommand(source: S, entry: CommandEntry): void {
    this.#add("command", source, entry.name, () => source.commands.set(entry.name, entry));
  }

  /** Records a tool registration and logs any shadowing it causes. */
  addTool(source: S, entry: ToolEntry): void {
    this.#add("tool", source, entry.name, () => source.tools.set(entry.name, entry));
  }

  /** The extension owning a command name, if an extension owns it. */
  commandOwner(name: string): S | undefined {
    return this.#owner("command", name);
  }

  /** The extension owning a tool name, if an extension owns it. */
  toolOwner(name: string): S | undefined {
    return this.#owner("tool", name);
  }

  /** Every owned command with its owner, sorted by name. */
  commands(): { entry: CommandEntry; owner: S }[] {
    return this.#collect("command", (s) => s.commands);
  }

  /** Every owned tool with its owner, sorted by name. */
  tools(): { entry: ToolEntry; owner: S }[] {
    return this.#collect("tool", (s) => s.tools);
  }

  #owner(kind: Kind, name: string): S | undefined {
    if (this.#builtins[kind].has(name)) return undefined;
    for (const source of this.#sources) {
      if (source.accepted && mapOf(kind, source).has(name)) return source;
    }
    return undefined;
  }

  #collect<E extends { name: string }>(
    kind: Kind,
    entries: (s: S) => Map<string, E>,
  ): { entry: E; owner: S }[] {
    const seen = new Set<string>(this.#builtins[kind]);
    const out: { entry: E; owner: S }[] = [];
    for (const source of this.#sources) {
      if (!source.accepted) continue;
      for (const entry of entries(source).values()) {
        if (seen.has(entry.name)) continue;
        seen.add(entry.name);
        out.push({ entry, owner: source });
      }
    }
    return out.sort((
      a,
      b,
    ) => (a.entry.name < b.entry.name ? -1 : a.entry.name > b.entry.name ? 1 : 0));
  }

  #add(kind: Kind, source: S, name: string, store: () => void): void {
    const what = kind === "command" ? `command "/${name}"` : `tool "${name}"`;
    if (this.#builtins[kind].has(name)) {
      store();
      source.note(`${what} is shadowed by the built-in ${kind} of that name; it will not be used`);
      return;
    }
    const before = this.#owner(kind, name);
    store();
    const after = this.#owner(kind, name);
    if (after && after !== source) {
      source.note(
        `${what} is shadowed by extension "${after.name}" (loaded earlier); it will not be used`,
      );
    } else if (before && before !== source && after === source) {
      before.note(
        `${what} is now shadowed by extension "${source.name}" (loaded earlier); ` +
          `it will not be used`,
      );
    }
  }
}

function mapOf(kind: Kind, source: RegistrationSource): Map<string, unknown> {
  return kind === "command" ? source.commands : source.tools;
}

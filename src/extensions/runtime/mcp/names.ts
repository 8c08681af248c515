/**
 * How MCP names become zot names. As in Claude Code, a server's tool `search` of extension
 * `github` is `mcp__github__search`, and its prompt `review` is the command
 * `/mcp__github__review`: the prefix keeps two servers (and zot's built-ins) from ever
 * claiming the same name, and users moving from Claude Code find the names they know.
 */

const PREFIX = "mcp__";

/** The zot name of an MCP tool or prompt: `mcp__<extension>__<name>`, unusable characters as `_`. */
export function mcpName(extension: string, name: string): string {
  return `${PREFIX}${clean(extension)}__${clean(name)}`;
}

function clean(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, "_");
}

/** A prompt's declared argument. */
export interface PromptArgument {
  name: string;
  required?: boolean;
}

/**
 * Splits a slash command's argument text for a prompt. `key=value` words set arguments by
 * name; other words fill the declared arguments in order, the last one taking the rest of
 * the text (so `/mcp__x__review fix the login bug` works with one argument).
 * Returns the arguments, or the problem to show.
 */
export function promptArguments(
  declared: readonly PromptArgument[],
  text: string,
): { args: Record<string, string> } | { problem: string } {
  const args: Record<string, string> = {};
  const known = new Set(declared.map((a) => a.name));
  const positional: string[] = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const eq = word.indexOf("=");
    const key = eq > 0 ? word.slice(0, eq) : "";
    if (known.has(key)) args[key] = word.slice(eq + 1);
    else positional.push(word);
  }
  const open = declared.filter((a) => args[a.name] === undefined);
  open.forEach((arg, i) => {
    if (i >= positional.length) return;
    args[arg.name] = i === open.length - 1 ? positional.slice(i).join(" ") : positional[i];
  });
  if (positional.length > 0 && open.length === 0) {
    return { problem: `takes no more arguments (got ${JSON.stringify(positional.join(" "))})` };
  }
  const missing = declared.filter((a) => a.required && args[a.name] === undefined);
  if (missing.length) {
    return {
      problem: `needs ${missing.map((a) => a.name).join(", ")}; usage: ${usage(declared)}`,
    };
  }
  return { args };
}

/** `<topic> [style]`: required arguments in angle brackets, optional ones in square. */
export function usage(declared: readonly PromptArgument[]): string {
  return declared.map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`)).join(" ");
}

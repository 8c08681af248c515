/**
 * The manifest fields of an MCP server extension (`"protocol": "mcp"`): a stdio server
 * keeps `exec`/`args` and may add `env`; a remote one has `url` and `headers` instead.
 * Secrets never sit in the manifest: `env` values and `headers` may say `${env:NAME}`,
 * filled from zot's environment when the server is started.
 */

/** The extension protocols zot speaks: its own NDJSON one (the default) or MCP. */
export type ExtensionProtocol = "ndjson" | "mcp";

/** What validateMcpFields found (all optional). */
export interface McpFields {
  protocol?: "mcp";
  url?: string;
  headers?: Record<string, string>;
  env?: Record<string, string>;
}

type Fields = Record<string, unknown>;

const ENV_REF = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;
const ENV_NAME = /^[^=\0]+$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Validates `protocol`, `url`, `headers` and `env`, pushing one problem per bad field. */
export function validateMcpFields(fields: Fields, problems: string[]): McpFields {
  const out: McpFields = {};
  const protocol = fields.protocol;
  if (protocol !== undefined && protocol !== null && protocol !== "ndjson") {
    if (protocol === "mcp") out.protocol = "mcp";
    else problems.push(`"protocol" must be "mcp" or "ndjson" when set, got ${show(protocol)}`);
  }
  const env = stringMap(fields, "env", problems, (key) => ENV_NAME.test(key));
  if (env) out.env = env;
  const url = fields.url;
  if (url !== undefined && url !== null) {
    if (out.protocol !== "mcp") {
      problems.push(`"url" is only for MCP servers; add "protocol": "mcp"`);
    } else if (typeof url !== "string" || !isHttpUrl(url)) {
      problems.push(`"url" must be an http:// or https:// URL, got ${show(url)}`);
    } else {
      out.url = url;
    }
  }
  const headers = stringMap(fields, "headers", problems, (key) => HEADER_NAME.test(key));
  if (headers) {
    if (out.url === undefined) problems.push(`"headers" only apply with "url" (a remote server)`);
    else out.headers = headers;
  }
  if (out.url !== undefined && present(fields, "exec")) {
    problems.push(`an MCP server has either "exec" (stdio) or "url" (remote), not both`);
  }
  return out;
}

/** Whether a manifest names a remote MCP server (no process to run). */
export function isRemote(manifest: { url?: string }): boolean {
  return manifest.url !== undefined;
}

/**
 * Fills `${env:NAME}` references from `env`. Unset names are collected in `missing`
 * (and left empty), so the caller can refuse with every name at once.
 */
export function expandEnvRefs(
  values: Record<string, string>,
  env: Record<string, string>,
): { values: Record<string, string>; missing: string[] } {
  const missing = new Set<string>();
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = value.replace(ENV_REF, (_, name: string) => {
      if (env[name] === undefined) missing.add(name);
      return env[name] ?? "";
    });
  }
  return { values: out, missing: [...missing] };
}

function present(fields: Fields, key: string): boolean {
  return fields[key] !== undefined && fields[key] !== null;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function stringMap(
  fields: Fields,
  key: string,
  problems: string[],
  keyOk: (key: string) => boolean,
): Record<string, string> | undefined {
  if (!present(fields, key)) return undefined;
  const value = fields[key];
  if (typeof value !== "object" || Array.isArray(value)) {
    problems.push(`"${key}" must be an object of strings, got ${show(value)}`);
    return undefined;
  }
  const out: Record<string, string> = {};
  for (const [name, item] of Object.entries(value as Fields)) {
    if (!keyOk(name) || name === "") {
      problems.push(`"${key}" has an unusable name ${JSON.stringify(name)}`);
    } else if (typeof item !== "string") {
      problems.push(`"${key}.${name}" must be a string, got ${show(item)}`);
    } else {
      out[name] = item;
    }
  }
  return out;
}

function show(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`;
}

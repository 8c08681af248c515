/**
 * `extension.json`: parsed as JSONC (comments, trailing commas) and validated by hand so each
 * problem names the field it is about. Unknown top-level fields are ignored, as upstream does.
 */

import { describeJsoncProblem, tryParseJsonc } from "../../jsonc/mod.ts";
import { validateMcpFields } from "./mcp_fields.ts";
import { extensionNameProblem } from "./names.ts";
import { parseTimeouts } from "./timeouts.ts";
import type { Manifest, PermissionName, PermissionRequest, PermissionValue } from "./types.ts";

/** The manifest's file name inside an extension folder. */
export const MANIFEST_FILE = "extension.json";

/** A usable manifest, or every reason it is not usable. */
export type ManifestResult =
  | { ok: true; manifest: Manifest }
  | { ok: false; reason: string };

/** The Deno permissions a manifest may list, in the order they are reported. */
export const PERMISSION_NAMES: readonly PermissionName[] = [
  "read",
  "write",
  "net",
  "env",
  "run",
  "sys",
  "ffi",
  "import",
];

type Fields = Record<string, unknown>;

/** Parses and validates manifest text; `file` is only used in syntax-error reasons. */
export async function parseManifest(
  text: string,
  file: string = MANIFEST_FILE,
): Promise<ManifestResult> {
  const parsed = await tryParseJsonc(text);
  if (!parsed.ok) {
    return { ok: false, reason: `invalid JSON: ${describeJsoncProblem(file, parsed.problems[0])}` };
  }
  return validateManifest(parsed.value);
}

/** The largest extension.json read; a manifest is a few hundred bytes, never megabytes. */
export const MAX_MANIFEST_BYTES = 64 * 1024;

/** Reads and validates the manifest at `manifestPath`; an unreadable file is a reason too. */
export async function readManifest(manifestPath: string): Promise<ManifestResult> {
  let text: string;
  try {
    const info = await Deno.stat(manifestPath);
    if (info.isFile && info.size > MAX_MANIFEST_BYTES) {
      return {
        ok: false,
        reason: `${MANIFEST_FILE} is ${info.size} bytes, over the ${MAX_MANIFEST_BYTES}-byte ` +
          `limit for manifests; keep data out of it`,
      };
    }
    text = await Deno.readTextFile(manifestPath);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return { ok: false, reason: `no ${MANIFEST_FILE}` };
    if (err instanceof Deno.errors.IsADirectory) {
      return { ok: false, reason: `${MANIFEST_FILE} is a folder, not a file` };
    }
    return { ok: false, reason: `cannot read ${MANIFEST_FILE}: ${(err as Error).message}` };
  }
  return await parseManifest(text, manifestPath);
}

/**
 * Validates an already-parsed manifest value. Optional fields set to `null` count as absent
 * (upstream treats `"enabled": null` as enabled).
 */
export function validateManifest(value: unknown): ManifestResult {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, reason: `${MANIFEST_FILE} must be a JSON object` };
  }
  const fields = value as Fields;
  const problems: string[] = [];
  const name = requiredName(fields, problems);
  const mcp = validateMcpFields(fields, problems);
  // A remote MCP server has no program: its exec is "" and its `url` says where it is.
  const exec = mcp.url !== undefined ? "" : requiredExec(fields, problems);
  const args = optionalStringArray(fields, "args", problems) ?? [];
  const version = optionalString(fields, "version", problems);
  const language = optionalString(fields, "language", problems);
  const description = optionalString(fields, "description", problems);
  const enabled = optionalBoolean(fields, "enabled", problems) ?? true;
  const runtime = optionalRuntime(fields, problems);
  const permissions = optionalPermissions(fields, problems);
  const required = optionalBoolean(fields, "required", problems);
  const timeouts = parseTimeouts(fields.timeouts, problems);
  if (problems.length > 0 || name === undefined || exec === undefined) {
    return { ok: false, reason: problems.join("; ") };
  }
  const manifest: Manifest = { name, exec, args, enabled };
  if (version !== undefined) manifest.version = version;
  if (language !== undefined) manifest.language = language;
  if (description !== undefined) manifest.description = description;
  if (runtime !== undefined) manifest.runtime = runtime;
  if (permissions !== undefined) manifest.permissions = permissions;
  if (required !== undefined) manifest.required = required;
  if (timeouts !== undefined) manifest.timeouts = timeouts;
  Object.assign(manifest, mcp);
  return { ok: true, manifest };
}

function present(fields: Fields, key: string): boolean {
  return fields[key] !== undefined && fields[key] !== null;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`;
}

function requiredName(fields: Fields, problems: string[]): string | undefined {
  const name = fields.name;
  if (!present(fields, "name")) {
    problems.push(`"name" is required`);
    return undefined;
  }
  if (typeof name !== "string") {
    problems.push(`"name" must be a string, got ${describe(name)}`);
    return undefined;
  }
  const problem = extensionNameProblem(name);
  if (problem) {
    problems.push(`"name": ${problem}`);
    return undefined;
  }
  return name;
}

function requiredExec(fields: Fields, problems: string[]): string | undefined {
  const exec = fields.exec;
  if (!present(fields, "exec")) {
    problems.push(`"exec" is required (the program to run, relative to the extension folder)`);
    return undefined;
  }
  if (typeof exec !== "string" || exec.trim() === "") {
    problems.push(`"exec" must be a non-empty string, got ${describe(exec)}`);
    return undefined;
  }
  if (/\s/.test(exec)) {
    const [program, ...rest] = exec.trim().split(/\s+/);
    problems.push(
      `"exec" must be a single program path but contains a space; move arguments to "args" ` +
        `(e.g. "exec": ${JSON.stringify(program)}, "args": ${JSON.stringify(rest)})`,
    );
    return undefined;
  }
  return exec;
}

function optionalString(fields: Fields, key: string, problems: string[]): string | undefined {
  if (!present(fields, key)) return undefined;
  const value = fields[key];
  if (typeof value === "string") return value;
  problems.push(`"${key}" must be a string, got ${describe(value)}`);
  return undefined;
}

function optionalBoolean(fields: Fields, key: string, problems: string[]): boolean | undefined {
  if (!present(fields, key)) return undefined;
  const value = fields[key];
  if (typeof value === "boolean") return value;
  problems.push(`"${key}" must be true or false, got ${describe(value)}`);
  return undefined;
}

function optionalStringArray(
  fields: Fields,
  key: string,
  problems: string[],
): string[] | undefined {
  if (!present(fields, key)) return undefined;
  const value = fields[key];
  if (!Array.isArray(value)) {
    problems.push(`"${key}" must be an array of strings, got ${describe(value)}`);
    return undefined;
  }
  const bad = value.findIndex((item) => typeof item !== "string");
  if (bad >= 0) {
    problems.push(`"${key}[${bad}]" must be a string, got ${describe(value[bad])}`);
    return undefined;
  }
  return [...value] as string[];
}

function optionalRuntime(fields: Fields, problems: string[]): "deno" | undefined {
  if (!present(fields, "runtime")) return undefined;
  if (fields.runtime === "deno") return "deno";
  problems.push(`"runtime" must be "deno" when set, got ${describe(fields.runtime)}`);
  return undefined;
}

function optionalPermissions(fields: Fields, problems: string[]): PermissionRequest | undefined {
  if (!present(fields, "permissions")) return undefined;
  const value = fields.permissions;
  if (!isPlainObject(value)) {
    problems.push(`"permissions" must be an object, got ${describe(value)}`);
    return undefined;
  }
  const before = problems.length;
  const { deny: denyValue, ...allowFields } = value;
  const allow = permissionSet(allowFields, "permissions", problems);
  let deny: PermissionRequest["deny"] = {};
  if (denyValue !== undefined && denyValue !== null) {
    if (isPlainObject(denyValue)) {
      deny = permissionSet(denyValue, "permissions.deny", problems);
    } else {
      problems.push(`"permissions.deny" must be an object, got ${describe(denyValue)}`);
    }
  }
  return problems.length === before ? { allow, deny } : undefined;
}

function isPlainObject(value: unknown): value is Fields {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// Unknown keys here are refused, not ignored: a typo like "netw" must not silently drop a
// restriction the author meant to declare.
function permissionSet(
  fields: Fields,
  where: string,
  problems: string[],
): Partial<Record<PermissionName, PermissionValue>> {
  const result: Partial<Record<PermissionName, PermissionValue>> = {};
  for (const [key, value] of Object.entries(fields)) {
    const field = `${where}.${key}`;
    if (!(PERMISSION_NAMES as readonly string[]).includes(key)) {
      problems.push(
        `"${field}" is not a Deno permission; use ${PERMISSION_NAMES.join(", ")}` +
          (where === "permissions" ? " or deny" : ""),
      );
      continue;
    }
    const parsed = permissionValue(value, field, problems);
    if (parsed !== undefined) result[key as PermissionName] = parsed;
  }
  return result;
}

function permissionValue(
  value: unknown,
  field: string,
  problems: string[],
): PermissionValue | undefined {
  if (typeof value === "boolean") return value;
  if (Array.isArray(value)) {
    const bad = value.findIndex((item) => typeof item !== "string" || item === "");
    if (bad < 0) return [...value] as string[];
    problems.push(`"${field}[${bad}]" must be a non-empty string, got ${describe(value[bad])}`);
    return undefined;
  }
  problems.push(`"${field}" must be true, false or a list of strings, got ${describe(value)}`);
  return undefined;
}

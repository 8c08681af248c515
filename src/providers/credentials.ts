/**
 * API keys: `--api-key`, then the provider's env var, then `$ZOT_HOME/auth.json`
 * (`{"anthropic":{"api_key":"…"},"openai":{…}}`, written 0600 via tmp + rename).
 */

import { writeTextAtomic, type ZotPaths } from "../config/mod.ts";
import { ConfigError, ProviderError } from "../errors/mod.ts";
import { isRecord } from "./json.ts";

/** Reads environment variables; injectable so tests need not touch the real environment. */
export interface CredentialEnv {
  get(name: string): string | undefined;
}

/** The process environment; a variable zot may not read counts as unset. */
export function processEnv(): CredentialEnv {
  return {
    get(name) {
      try {
        return Deno.env.get(name);
      } catch {
        return undefined;
      }
    },
  };
}

/** One provider's entry in auth.json. Unknown fields (e.g. `oauth`) are kept on rewrite. */
export interface AuthEntry {
  api_key?: string;
  [field: string]: unknown;
}

/** The whole auth.json file. */
export type AuthFile = Record<string, AuthEntry>;

/** Where a key came from. */
export type KeySource = "flag" | "env" | "auth_file";

/** A resolved API key. */
export interface ResolvedKey {
  key: string;
  source: KeySource;
}

/** The env var holding a provider's key: `ANTHROPIC_API_KEY`, `OPENAI_API_KEY`, `<NAME>_API_KEY`. */
export function apiKeyEnvVar(provider: string): string {
  return `${provider.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_API_KEY`;
}

/** Reads auth.json; a missing file is empty, a broken one is a ConfigError. */
export function readAuthFile(path: string): AuthFile {
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return {};
    throw new ConfigError("bad_auth_file", `cannot read ${path}: ${String(err)}`, {
      cause: err,
      hint: "check the file's permissions (zot writes it with mode 0600)",
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw badAuth(path, `is not valid JSON (${(err as Error).message})`);
  }
  if (!isRecord(data)) throw badAuth(path, "must be a JSON object keyed by provider");
  const out: AuthFile = {};
  for (const [provider, entry] of Object.entries(data)) {
    if (!isRecord(entry)) throw badAuth(path, `"${provider}" must be an object`);
    if (entry.api_key !== undefined && typeof entry.api_key !== "string") {
      throw badAuth(path, `"${provider}".api_key must be a string`);
    }
    out[provider] = entry as AuthEntry;
  }
  return out;
}

/** Writes auth.json atomically (temp file in the same folder, mode 0600, then rename). */
export async function writeAuthFile(path: string, data: AuthFile): Promise<void> {
  try {
    await writeTextAtomic(path, JSON.stringify(data, null, 2) + "\n", { mode: 0o600 });
  } catch (err) {
    throw new ConfigError("auth_write_failed", `cannot write ${path}: ${String(err)}`, {
      cause: err,
      hint: "check that $ZOT_HOME is writable",
    });
  }
}

/** Stores a provider's API key in auth.json, keeping every other entry and field. */
export async function saveApiKey(paths: ZotPaths, provider: string, key: string): Promise<void> {
  const data = readAuthFile(paths.authFile);
  data[provider] = { ...data[provider], api_key: key };
  await writeAuthFile(paths.authFile, data);
}

/** Finds a key in flag → env → auth.json order; undefined when there is none. */
export function findApiKey(options: {
  provider: string;
  apiKey?: string;
  env: CredentialEnv;
  paths: ZotPaths;
}): ResolvedKey | undefined {
  const flag = options.apiKey?.trim();
  if (flag) return { key: flag, source: "flag" };
  const env = options.env.get(apiKeyEnvVar(options.provider))?.trim();
  if (env) return { key: env, source: "env" };
  const stored = readAuthFile(options.paths.authFile)[options.provider]?.api_key?.trim();
  if (stored) return { key: stored, source: "auth_file" };
  return undefined;
}

/**
 * The key-needing built-in providers (anthropic, openai) that have a key, in that order:
 * what the CLI falls back to when the user gave no --provider and the configured one has none.
 */
export function providersWithKeys(options: { env: CredentialEnv; paths: ZotPaths }): string[] {
  return ["anthropic", "openai"].filter((provider) => findApiKey({ provider, ...options }));
}

/** The error for a provider that needs a key and has none. */
export function missingKeyError(provider: string, paths: ZotPaths): ProviderError {
  const envVar = apiKeyEnvVar(provider);
  // The hint apart, so the TUI's banner can say what is missing once and then how to fix it.
  return new ProviderError("missing_api_key", `no API key for ${provider}`, {
    hint: `set ${envVar} or run zot with --api-key ` +
      `(or add {"${provider}":{"api_key":"…"}} to ${paths.authFile})`,
  });
}

function badAuth(path: string, what: string): ConfigError {
  return new ConfigError("bad_auth_file", `${path} ${what}`, {
    hint: `fix it or delete it and set the key again`,
  });
}

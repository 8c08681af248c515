/** Picking the provider and model for a run, and the `--list-models` table. */

import { writeTextAtomic, type ZotPaths } from "../config/mod.ts";
import { ConfigError, errorMessage } from "../errors/mod.ts";
import { type Catalog, type CredentialEnv, findApiKey, type ModelInfo } from "../providers/mod.ts";

/** `config.json`'s fields that choose a model. */
export interface ModelSettings {
  provider?: string;
  model?: string;
  /** `"yolo": false` turns the confirm gate on by default (`--yolo`/`--no-yolo` override). */
  yolo?: boolean;
}

/** Reads `$ZOT_HOME/config.json` (missing is fine; broken is a ConfigError). */
export async function readModelSettings(paths: ZotPaths): Promise<ModelSettings> {
  let text: string;
  try {
    text = await Deno.readTextFile(paths.configFile);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return {};
    throw new ConfigError(
      "config_unreadable",
      `cannot read ${paths.configFile}: ${errorMessage(err)}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(
      "bad_config",
      `${paths.configFile} is not valid JSON: ${errorMessage(err)}`,
      {
        hint: "fix it or delete it",
      },
    );
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
  const record = parsed as Record<string, unknown>;
  return {
    provider: typeof record.provider === "string" && record.provider ? record.provider : undefined,
    model: typeof record.model === "string" && record.model ? record.model : undefined,
    yolo: typeof record.yolo === "boolean" ? record.yolo : undefined,
  };
}

/** Saves the chosen provider and model in `config.json`, keeping its other fields. */
export async function writeModelSettings(paths: ZotPaths, settings: ModelSettings): Promise<void> {
  let record: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(await Deno.readTextFile(paths.configFile));
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) record = parsed;
  } catch {
    // Missing or broken: the new file holds just the model choice.
  }
  await writeTextAtomic(
    paths.configFile,
    JSON.stringify({ ...record, ...settings }, null, 2) + "\n",
  );
}

/**
 * The provider to use: `--provider`, else config.json's, else the first of anthropic and
 * openai that has a key, else anthropic (whose missing key is then reported).
 */
export function chooseProvider(
  flags: { provider?: string; apiKey?: string; baseUrl?: string },
  settings: ModelSettings,
  paths: ZotPaths,
  env: CredentialEnv,
): string {
  if (flags.provider) return flags.provider;
  if (settings.provider) return settings.provider;
  for (const provider of ["anthropic", "openai"]) {
    if (findApiKey({ provider, apiKey: flags.apiKey, env, paths })) return provider;
  }
  return "anthropic";
}

function price(n: number): string {
  return n === 0 ? "-" : `$${n}`;
}

/** The catalog as a table: provider, model, context, max output, reasoning, prices. */
export function modelsTable(catalog: Catalog): string {
  const rows: string[][] = [[
    "provider",
    "model",
    "context",
    "max out",
    "reasoning",
    "in/M",
    "out/M",
  ]];
  for (const m of catalog.models() as ModelInfo[]) {
    rows.push([
      m.provider,
      m.id,
      String(m.contextWindow),
      String(m.maxOutput),
      m.reasoning ? "yes" : "no",
      price(m.price.input),
      price(m.price.output),
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i])).join("  ").trimEnd()).join("\n") +
    "\n";
}

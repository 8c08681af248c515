/** Where zot keeps its state: `$ZOT_HOME`, or the platform's per-user state folder. */

import { join } from "../paths/mod.ts";
import { ConfigError } from "../errors/mod.ts";

/** The inputs zotHome reads, injectable so tests need not touch the real environment. */
export interface HomeEnv {
  os: typeof Deno.build.os;
  get(name: string): string | undefined;
}

/** The real environment of this process. */
export function processHomeEnv(): HomeEnv {
  return { os: Deno.build.os, get: (name) => Deno.env.get(name) };
}

/**
 * Resolves `$ZOT_HOME`: the env var wins; else macOS `~/Library/Application Support/zot`,
 * Windows `%LOCALAPPDATA%\zot`, Linux `$XDG_STATE_HOME/zot` or `~/.local/state/zot`.
 */
export function resolveZotHome(env: HomeEnv = processHomeEnv()): string {
  const explicit = env.get("ZOT_HOME");
  if (explicit) return explicit;
  if (env.os === "windows") {
    const local = env.get("LOCALAPPDATA");
    if (local) return join(local, "zot");
    const profile = env.get("USERPROFILE");
    if (profile) return join(profile, "AppData", "Local", "zot");
    throw noHome();
  }
  const home = env.get("HOME");
  if (env.os === "darwin") {
    if (!home) throw noHome();
    return join(home, "Library", "Application Support", "zot");
  }
  const xdg = env.get("XDG_STATE_HOME");
  if (xdg) return join(xdg, "zot");
  if (!home) throw noHome();
  return join(home, ".local", "state", "zot");
}

function noHome(): ConfigError {
  return new ConfigError(
    "no_home",
    "cannot find a home folder for zot state (HOME is not set)",
    { hint: "set ZOT_HOME to a writable folder" },
  );
}

/** The well-known paths under `$ZOT_HOME`. Folders are created on demand by their users. */
export class ZotPaths {
  /** Absolute `$ZOT_HOME`. */
  readonly home: string;

  constructor(home: string) {
    this.home = home;
  }

  /** Global extensions folder. */
  get extensions(): string {
    return join(this.home, "extensions");
  }
  /** Log folder (one file per extension). */
  get logs(): string {
    return join(this.home, "logs");
  }
  /** Per-extension writable data folders. */
  get extensionData(): string {
    return join(this.home, "ext-data");
  }
  /** Permission grants for sandboxed extensions. */
  get grants(): string {
    return join(this.home, "grants");
  }
  /** Session transcripts. */
  get sessions(): string {
    return join(this.home, "sessions");
  }
  /** User skills. */
  get skills(): string {
    return join(this.home, "skills");
  }
  /** Credentials file (mode 0600). */
  get authFile(): string {
    return join(this.home, "auth.json");
  }
  /** User model catalog entries. */
  get modelsFile(): string {
    return join(this.home, "models.json");
  }
  /** Settings file. */
  get configFile(): string {
    return join(this.home, "config.json");
  }
  /** System prompt override. */
  get systemPromptFile(): string {
    return join(this.home, "SYSTEM.md");
  }
}

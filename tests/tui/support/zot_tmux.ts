/** What the tmux end-to-end tests of the real zot share: its argv and the session files. */

import { join } from "node:path";

const repo = new URL("../../../", import.meta.url).pathname;

/** The argv of the real zot against the fake provider server, plus extra flags. */
export function zotArgv(serverUrl: string, ...extra: string[]): string[] {
  return [
    Deno.execPath(),
    "run",
    "-A",
    `${repo}main.ts`,
    "--provider",
    "anthropic",
    "--model",
    "claude-sonnet-4-5",
    "--base-url",
    serverUrl,
    "--api-key",
    "test-key",
    ...extra,
  ];
}

/** Every session file under `$ZOT_HOME/sessions`, sorted. */
export async function sessionFiles(home: string): Promise<string[]> {
  const out: string[] = [];
  for await (const dir of Deno.readDir(join(home, "sessions"))) {
    for await (const f of Deno.readDir(join(home, "sessions", dir.name))) {
      if (f.name.endsWith(".jsonl")) out.push(join(home, "sessions", dir.name, f.name));
    }
  }
  return out.sort();
}

/**
 * What the tmux end-to-end tests of the real zot share: its argv, fresh folders, starting it,
 * typing a line, quitting it, and the session files.
 */

import { join } from "node:path";
import { TmuxSession } from "./tmux.ts";

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

/** A fresh `$ZOT_HOME` and working folder; `await using` removes both. */
export interface ZotDirs extends AsyncDisposable {
  home: string;
  cwd: string;
}

/** Makes a fresh `$ZOT_HOME` and working folder for one test. */
export async function zotDirs(): Promise<ZotDirs> {
  const home = await Deno.makeTempDir({ prefix: "zot-tui-home-" });
  const cwd = await Deno.makeTempDir({ prefix: "zot-tui-cwd-" });
  return {
    home,
    cwd,
    [Symbol.asyncDispose]: async () => {
      await Deno.remove(home, { recursive: true });
      await Deno.remove(cwd, { recursive: true });
    },
  };
}

/** Starts `argv` in tmux in `dirs` (ZOT_HOME plus `env`) and waits for zot's editor. */
export async function openZot(
  argv: string[],
  dirs: ZotDirs,
  size: { cols: number; rows: number },
  env: Record<string, string> = {},
): Promise<TmuxSession> {
  const s = await TmuxSession.start(argv, {
    ...size,
    env: { ZOT_HOME: dirs.home, ...env },
    cwd: dirs.cwd,
  });
  try {
    await s.waitFor("type a message");
  } catch (err) {
    await s.close();
    throw err;
  }
  return s;
}

/** Ctrl-C twice (the second confirms) and waits for zot to exit with code 0. */
export async function quitZot(s: TmuxSession): Promise<void> {
  await s.send(["C-c"]);
  await s.send(["C-c"]);
  await s.waitFor("[exited 0]");
}

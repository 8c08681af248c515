/** Temp folders and extension folders for extension-management tests. */

import { dirname, join } from "node:path";
import { ZotPaths } from "../../src/config/mod.ts";

/** A temp folder removed (recursively) at the end of an `await using` scope. */
export interface TempDir extends AsyncDisposable {
  path: string;
}

/** Creates a temp folder for one test. */
export async function tempDir(prefix = "zot-test-"): Promise<TempDir> {
  const path = await Deno.realPath(await Deno.makeTempDir({ prefix }));
  return {
    path,
    [Symbol.asyncDispose]: () => Deno.remove(path, { recursive: true }),
  };
}

/** Writes files (relative path → text) under `dir`, creating folders. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [relative, text] of Object.entries(files)) {
    const path = join(dir, relative);
    await Deno.mkdir(dirname(path), { recursive: true });
    await Deno.writeTextFile(path, text);
  }
}

/**
 * Writes an extension folder: `extension.json` (an object is pretty-printed; a string is
 * written as is) plus any extra files. Returns the folder.
 */
export async function writeExtension(
  dir: string,
  manifest: Record<string, unknown> | string,
  files: Record<string, string> = {},
): Promise<string> {
  const text = typeof manifest === "string" ? manifest : JSON.stringify(manifest, null, 2) + "\n";
  await writeFiles(dir, { "extension.json": text, ...files });
  return dir;
}

/**
 * Writes an extension that passes `zot ext check` (what `zot ext install` runs): a POSIX
 * shell script that says hello, is ready, and acknowledges shutdown. `exec` is `./ext.sh`.
 */
export async function writeWorkingExtension(
  dir: string,
  manifest: Record<string, unknown> & { name: string },
): Promise<string> {
  await writeExtension(dir, { exec: "./ext.sh", ...manifest }, {
    "ext.sh": [
      "#!/bin/sh",
      `printf '%s\\n' '{"type":"hello","name":"${manifest.name}","version":"1"}' '{"type":"ready"}'`,
      "while IFS= read -r line; do",
      `  case "$line" in *'"shutdown"'*) printf '%s\\n' '{"type":"shutdown_ack"}'; exit 0 ;; esac`,
      "done",
      "",
    ].join("\n"),
  });
  await Deno.chmod(join(dir, "ext.sh"), 0o755);
  return dir;
}

/** Sorted entry names of a folder, or [] when it does not exist. */
export async function listNames(dir: string): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  return names.sort();
}

/** Runs git with a fixed identity and no user or system config; throws with stderr on failure. */
export async function git(cwd: string, ...args: string[]): Promise<void> {
  const output = await new Deno.Command("git", {
    args: ["-c", "user.name=zot test", "-c", "user.email=test@zot.invalid", ...args],
    cwd,
    env: { GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", GIT_TERMINAL_PROMPT: "0" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!output.success) {
    throw new Error(`git ${args.join(" ")} failed: ${new TextDecoder().decode(output.stderr)}`);
  }
}

/** A temp project folder (`cwd`) and `$ZOT_HOME` side by side, removed on dispose. */
export interface ExtWorld extends AsyncDisposable {
  root: string;
  cwd: string;
  paths: ZotPaths;
  /** `$ZOT_HOME/extensions`. */
  global: string;
  /** `<cwd>/.zot/extensions`. */
  project: string;
}

/** Creates an ExtWorld. */
export async function extWorld(): Promise<ExtWorld> {
  const dir = await tempDir();
  const cwd = join(dir.path, "proj");
  await Deno.mkdir(cwd);
  const paths = new ZotPaths(join(dir.path, "home"));
  return {
    root: dir.path,
    cwd,
    paths,
    global: paths.extensions,
    project: join(cwd, ".zot", "extensions"),
    [Symbol.asyncDispose]: () => dir[Symbol.asyncDispose](),
  };
}

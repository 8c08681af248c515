/**
 * `zot ext new`: a working extension to start from (manifest, code, a test, a README) in
 * TypeScript, Python or shell. Templates and the SDK files are embedded as text imports, so
 * a compiled zot needs no files on disk; the folder appears complete or not at all.
 */

import { dirname, join, resolve } from "../../paths/mod.ts";
import { pathExists } from "../../config/mod.ts";
import { ZotError } from "../../errors/mod.ts";
import { extensionNameProblem } from "../manifest/mod.ts";
import sdkJs from "../../../extensions/sdk/zot_ext.mjs" with { type: "text" };
import sdkTypes from "../../../extensions/sdk/zot_ext.d.mts" with { type: "text" };
import sdkPython from "../../../extensions/sdk/python/zot_ext.py" with { type: "text" };
import tsManifest from "./templates/ts/extension.json.tmpl" with { type: "text" };
import tsMain from "./templates/ts/main.ts.tmpl" with { type: "text" };
import tsTest from "./templates/ts/main_test.ts.tmpl" with { type: "text" };
import tsReadme from "./templates/ts/README.md.tmpl" with { type: "text" };
import pyManifest from "./templates/python/extension.json.tmpl" with { type: "text" };
import pyMain from "./templates/python/main.py.tmpl" with { type: "text" };
import pyTest from "./templates/python/test_main.py.tmpl" with { type: "text" };
import pyReadme from "./templates/python/README.md.tmpl" with { type: "text" };
import shManifest from "./templates/shell/extension.json.tmpl" with { type: "text" };
import shMain from "./templates/shell/main.sh.tmpl" with { type: "text" };
import shTest from "./templates/shell/test.sh.tmpl" with { type: "text" };
import shReadme from "./templates/shell/README.md.tmpl" with { type: "text" };

/** Languages `zot ext new` writes. */
export type ScaffoldLanguage = "ts" | "python" | "shell";

/** Every ScaffoldLanguage, the default first. */
export const SCAFFOLD_LANGUAGES: readonly ScaffoldLanguage[] = ["ts", "python", "shell"];

/** One file of a scaffold. */
export interface ScaffoldFile {
  /** Path inside the extension folder. */
  path: string;
  text: string;
  /** Written with mode 0755 (a program or script someone runs directly). */
  executable: boolean;
  /** What the file is, for the summary `zot ext new` prints. */
  what: string;
}

/** A scaffold as a whole: its files and how to try it. */
export interface Scaffold {
  name: string;
  language: ScaffoldLanguage;
  /** The slash command it registers (without the slash). */
  command: string;
  /** The tool it registers. */
  tool: string;
  files: ScaffoldFile[];
  /** The argv that runs the scaffold's own test, given the folder as the user types it. */
  testCommand(dir: string): string[];
}

/** What scaffoldExtension wrote. */
export interface ScaffoldResult extends Scaffold {
  /** The absolute folder now holding the extension. */
  dir: string;
}

const MAX_TOOL_NAME = 64;
const TOOL_SUFFIX = "_echo";

/**
 * The echo tool's name for an extension: tool names allow only `[A-Za-z0-9_-]` and many
 * model APIs are stricter, so everything else becomes `_`; cut to fit 64 characters.
 */
export function scaffoldToolName(name: string): string {
  const base = name.replace(/[^A-Za-z0-9_]/g, "_").slice(0, MAX_TOOL_NAME - TOOL_SUFFIX.length);
  return base + TOOL_SUFFIX;
}

/** Fills `{{name}}` and `{{tool}}`; a placeholder left unknown is a bug in the template. */
function render(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`template placeholder ${whole} has no value`);
    return value;
  });
}

/** The files of a new extension; throws ZotError for a name that cannot be an extension name. */
export function scaffoldFor(name: string, language: ScaffoldLanguage): Scaffold {
  const problem = extensionNameProblem(name);
  if (problem) {
    throw new ZotError("ext_new_bad_name", `cannot create extension: ${problem}`, 2, {
      hint: `try e.g. zot ext new ${suggestName(name)}`,
    });
  }
  const tool = scaffoldToolName(name);
  const fill = (template: string) => render(template, { name, tool });
  const file = (path: string, text: string, what: string, executable = false): ScaffoldFile => ({
    path,
    text,
    executable,
    what,
  });
  const common = { name, language, command: name, tool };
  switch (language) {
    case "ts":
      return {
        ...common,
        files: [
          file(
            "extension.json",
            fill(tsManifest),
            "manifest: runs main.ts sandboxed by Deno, nothing granted",
          ),
          file("main.ts", fill(tsMain), `the extension: /${name} and the ${tool} tool`),
          file("main_test.ts", fill(tsTest), "its test (Deno)"),
          file("zot_ext.mjs", sdkJs, "the zot TypeScript SDK"),
          file("zot_ext.d.mts", sdkTypes, "the SDK's types"),
          file("README.md", fill(tsReadme), "how to develop, test and install it"),
        ],
        testCommand: (dir) => ["deno", "test", "-A", inside(dir, "main_test.ts")],
      };
    case "python":
      return {
        ...common,
        files: [
          file("extension.json", fill(pyManifest), "manifest: runs ./main.py"),
          file("main.py", fill(pyMain), `the extension: /${name} and the ${tool} tool`, true),
          file("test_main.py", fill(pyTest), "its test (unittest)"),
          file("zot_ext.py", sdkPython, "the zot Python SDK"),
          file("README.md", fill(pyReadme), "how to develop, test and install it"),
        ],
        testCommand: (dir) => ["python3", "-m", "unittest", "discover", "-s", dir],
      };
    case "shell":
      return {
        ...common,
        files: [
          file("extension.json", fill(shManifest), "manifest: runs ./main.sh"),
          file("main.sh", fill(shMain), `the extension (jq): /${name} and the ${tool} tool`, true),
          file("test.sh", fill(shTest), "its test (sh + jq)", true),
          file("README.md", fill(shReadme), "how to develop, test and install it"),
        ],
        testCommand: (dir) => ["sh", inside(dir, "test.sh")],
      };
  }
}

// Not path.join: it would turn "./x/test.sh" into "x/test.sh", which reads like a name.
function inside(dir: string, file: string): string {
  return dir.endsWith("/") ? dir + file : `${dir}/${file}`;
}

function suggestName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/\.{2,}/g, ".")
    .replace(/^[^A-Za-z0-9]+/, "").slice(0, 64);
  return cleaned && !extensionNameProblem(cleaned) ? cleaned : "my-extension";
}

/** Options of scaffoldExtension. */
export interface ScaffoldOptions {
  name: string;
  language: ScaffoldLanguage;
  /** The folder to create (relative to cwd); `./<name>` when absent. */
  dir?: string;
  cwd: string;
}

/**
 * Writes a new extension folder. Refuses a target that exists and is not an empty folder;
 * on any failure nothing is left behind (the files are written to a staging folder next to
 * the target and renamed into place).
 */
export async function scaffoldExtension(options: ScaffoldOptions): Promise<ScaffoldResult> {
  const scaffold = scaffoldFor(options.name, options.language);
  const dir = resolve(options.cwd, options.dir ?? options.name);
  await writeScaffold(dir, scaffold.files);
  return { ...scaffold, dir };
}

/** Writes `files` into the new folder `dir`, all or nothing; see scaffoldExtension. */
export async function writeScaffold(dir: string, files: ScaffoldFile[]): Promise<void> {
  const replaceEmpty = await checkTarget(dir);
  const parent = dirname(dir);
  let createdParent: string | undefined;
  let staging: string | undefined;
  try {
    createdParent = await makeParents(parent);
    staging = await Deno.makeTempDir({ dir: parent, prefix: ".zot-ext-new-" });
    for (const file of files) {
      const path = join(staging, file.path);
      await Deno.mkdir(dirname(path), { recursive: true });
      await Deno.writeTextFile(path, file.text, { createNew: true });
      if (file.executable && Deno.build.os !== "windows") await Deno.chmod(path, 0o755);
    }
    if (Deno.build.os !== "windows") await Deno.chmod(staging, 0o755); // makeTempDir's is 0700
    // Deno.remove without `recursive` fails on a folder that gained files since the check.
    if (replaceEmpty) await Deno.remove(dir);
    await Deno.rename(staging, dir);
    staging = undefined;
  } catch (err) {
    if (staging) await Deno.remove(staging, { recursive: true }).catch(() => {});
    if (createdParent) await Deno.remove(createdParent, { recursive: true }).catch(() => {});
    throw new ZotError(
      "ext_new_write_failed",
      `cannot create ${dir}: ${(err as Error).message}`,
      1,
      { cause: err, hint: "nothing was written; check the folder and its permissions, then retry" },
    );
  }
}

/** Throws unless `dir` is free: missing (false) or an empty folder (true, to be replaced). */
async function checkTarget(dir: string): Promise<boolean> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.lstat(dir);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return false;
    throw new ZotError("ext_new_target", `cannot create ${dir}: ${(err as Error).message}`, 1, {
      cause: err,
    });
  }
  if (!info.isDirectory) {
    throw new ZotError(
      "ext_new_target",
      `cannot create ${dir}: something that is not a folder is in the way`,
      1,
      {
        hint: "pick another name or --dir; nothing was written",
      },
    );
  }
  for await (const _ of Deno.readDir(dir)) {
    throw new ZotError(
      "ext_new_target",
      `cannot create the extension in ${dir}: the folder exists and is not empty`,
      1,
      { hint: "pick another name or --dir, or remove the folder first; nothing was written" },
    );
  }
  return true;
}

/** Creates `dir` and missing parents; returns the topmost folder it created, if any. */
async function makeParents(dir: string): Promise<string | undefined> {
  let topmost: string | undefined;
  for (let d = dir; !(await pathExists(d)); d = dirname(d)) {
    topmost = d;
    if (dirname(d) === d) break;
  }
  if (topmost) await Deno.mkdir(dir, { recursive: true });
  return topmost;
}

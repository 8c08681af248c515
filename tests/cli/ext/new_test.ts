/**
 * `zot ext new` end to end: each language's scaffold passes `zot ext check --probe`, its own
 * test, and installs; bad input writes nothing.
 */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes, assertRejects } from "../../support/assert.ts";
import { listNames, tempDir } from "../../support/ext_dirs.ts";
import {
  SCAFFOLD_LANGUAGES,
  scaffoldFor,
  scaffoldToolName,
  writeScaffold,
} from "../../../src/extensions/mod.ts";
import { ZotError } from "../../../src/errors/mod.ts";

const REPO = join(import.meta.dirname!, "..", "..", "..");
const decoder = new TextDecoder();

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(cmd: string, args: string[], cwd: string, env: Record<string, string>) {
  const out = await new Deno.Command(cmd, {
    args,
    cwd,
    env: { NO_COLOR: "1", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, stdout: decoder.decode(out.stdout), stderr: decoder.decode(out.stderr) };
}

function zot(cwd: string, home: string, ...args: string[]): Promise<Run> {
  return run(Deno.execPath(), ["run", "-A", join(REPO, "main.ts"), ...args], cwd, {
    ZOT_HOME: home,
  });
}

function show(r: Run): string {
  return `exit ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;
}

interface LanguageCase {
  lang: "ts" | "python" | "shell";
  name: string;
  files: string[];
  executables: string[];
  /** The scaffold's own test, run in its folder. */
  test: [string, ...string[]];
  /** The file holding the command's reply text, to break it on purpose. */
  main: string;
  access: string;
}

const CASES: LanguageCase[] = [
  {
    lang: "ts",
    name: "my.ext-ts",
    files: [
      "README.md",
      "extension.json",
      "main.ts",
      "main_test.ts",
      "zot_ext.d.mts",
      "zot_ext.mjs",
    ],
    executables: [],
    test: [Deno.execPath(), "test", "-A", "main_test.ts"],
    main: "main.ts",
    access: "sandboxed",
  },
  {
    lang: "python",
    name: "my.ext-py",
    files: ["README.md", "extension.json", "main.py", "test_main.py", "zot_ext.py"],
    executables: ["main.py"],
    test: ["python3", "-m", "unittest"],
    main: "main.py",
    access: "unrestricted",
  },
  {
    lang: "shell",
    name: "my.ext-sh",
    files: ["README.md", "extension.json", "main.sh", "test.sh"],
    executables: ["main.sh", "test.sh"],
    test: ["sh", "test.sh"],
    main: "main.sh",
    access: "unrestricted",
  },
];

for (const c of CASES) {
  Deno.test(`ext new --lang ${c.lang}: checks, passes its own test, installs`, async () => {
    await using work = await tempDir();
    await using home = await tempDir("zot-home-");
    const created = await zot(work.path, home.path, "ext", "new", c.name, "--lang", c.lang);
    assertEquals(created.code, 0, show(created));
    const dir = join(work.path, c.name);
    assertEquals(await listNames(dir), c.files);
    assertEquals(await listNames(work.path), [c.name], "no staging folder is left behind");
    const tool = `${c.name.replace(/[.-]/g, "_")}_echo`;
    assertIncludes(created.stdout, `created extension "${c.name}"`);
    assertIncludes(created.stdout, `zot ext check ./${c.name} --probe`);
    assertIncludes(created.stdout, `zot ext install ./${c.name}`);
    for (const file of c.files) assertIncludes(created.stdout, `  ${file}`);
    for (const file of c.files) {
      const mode = (await Deno.stat(join(dir, file))).mode! & 0o111;
      assertEquals(mode !== 0, c.executables.includes(file), `${file} executable bit`);
    }

    const check = await zot(work.path, home.path, "ext", "check", `./${c.name}`, "--probe");
    assertEquals(check.code, 0, show(check));
    assertIncludes(check.stdout, `✓ probe /${c.name}  action display`);
    assertIncludes(check.stdout, `✓ probe tool ${tool} {"text":"sample"}  sample`);
    assertIncludes(check.stdout, "all checks passed");

    const [cmd, ...args] = c.test;
    const test = await run(cmd, args, dir, {});
    assertEquals(test.code, 0, show(test));
    if (c.lang === "ts") {
      // deno run does not type-check; the template must compile against the SDK's types.
      const typed = await run(Deno.execPath(), ["check", "main.ts", "main_test.ts"], dir, {});
      assertEquals(typed.code, 0, show(typed));
      const lint = await run(Deno.execPath(), ["lint", "main.ts", "main_test.ts"], dir, {});
      assertEquals(lint.code, 0, show(lint));
    }

    const installed = await zot(work.path, home.path, "ext", "install", "--yes", `./${c.name}`);
    assertEquals(installed.code, 0, show(installed));
    const list = await zot(work.path, home.path, "ext", "list", "--json");
    assertEquals(list.code, 0, show(list));
    const rows: { name: string; source: string; access: string }[] = JSON.parse(list.stdout);
    const row = rows.find((r) => r.name === c.name);
    assert.ok(row, list.stdout);
    assertEquals(row.source, "global");
    assert.ok(row.access.startsWith(c.access), `access: ${row.access}`);

    // The scaffold's test is a real test: it fails once the command answers differently.
    const main = join(dir, c.main);
    const code = await Deno.readTextFile(main);
    assertIncludes(code, "heard: ");
    await Deno.writeTextFile(main, code.replaceAll("heard: ", "said: "));
    const broken = await run(cmd, args, dir, {});
    assert.notEqual(broken.code, 0, show(broken));
  });
}

Deno.test("ext new: a bad name is refused and nothing is written", async () => {
  await using work = await tempDir();
  await using home = await tempDir("zot-home-");
  for (const name of ["bad name", "../escape", ".hidden", "a".repeat(65)]) {
    const r = await zot(work.path, home.path, "ext", "new", name);
    assertEquals(r.code, 2, show(r));
    assertIncludes(r.stderr, "must be 1-64 letters, digits");
  }
  assertEquals(await listNames(work.path), []);
});

Deno.test("ext new: an existing non-empty folder is left alone", async () => {
  await using work = await tempDir();
  await using home = await tempDir("zot-home-");
  await Deno.mkdir(join(work.path, "taken"));
  await Deno.writeTextFile(join(work.path, "taken", "notes.txt"), "mine");
  const r = await zot(work.path, home.path, "ext", "new", "taken");
  assertEquals(r.code, 1, show(r));
  assertIncludes(r.stderr, "the folder exists and is not empty");
  assertIncludes(r.stderr, "nothing was written");
  assertEquals(await listNames(work.path), ["taken"]);
  assertEquals(await listNames(join(work.path, "taken")), ["notes.txt"]);
  assertEquals(await Deno.readTextFile(join(work.path, "taken", "notes.txt")), "mine");

  await Deno.writeTextFile(join(work.path, "file"), "x");
  const file = await zot(work.path, home.path, "ext", "new", "x", "--dir", "file");
  assertEquals(file.code, 1, show(file));
  assertIncludes(file.stderr, "not a folder is in the way");
  assertEquals(await Deno.readTextFile(join(work.path, "file")), "x");
});

Deno.test("ext new: an empty folder and a missing parent are fine with --dir", async () => {
  await using work = await tempDir();
  await using home = await tempDir("zot-home-");
  await Deno.mkdir(join(work.path, "empty"));
  const empty = await zot(
    work.path,
    home.path,
    "ext",
    "new",
    "e",
    "--lang",
    "shell",
    "--dir",
    "empty",
  );
  assertEquals(empty.code, 0, show(empty));
  assertIncludes(empty.stdout, "zot ext check ./empty --probe");
  assertIncludes(empty.stdout, "sh ./empty/test.sh");
  assertEquals(await listNames(join(work.path, "empty")), [
    "README.md",
    "extension.json",
    "main.sh",
    "test.sh",
  ]);
  const deep = await zot(work.path, home.path, "ext", "new", "d", "-l", "python", "-d", "a/b/d");
  assertEquals(deep.code, 0, show(deep));
  assertIncludes(deep.stdout, "python3 -m unittest discover -s ./a/b/d");
  assertIncludes(await Deno.readTextFile(join(work.path, "a/b/d/extension.json")), '"name": "d"');
});

Deno.test("ext new: an unknown --lang is refused with the choices", async () => {
  await using work = await tempDir();
  await using home = await tempDir("zot-home-");
  const r = await zot(work.path, home.path, "ext", "new", "x", "--lang", "go");
  assertEquals(r.code, 2, show(r));
  assertIncludes(r.stderr, "Allowed choices are ts, python, shell");
  assertEquals(await listNames(work.path), []);
});

Deno.test("ext new --help lists the languages and options", async () => {
  await using work = await tempDir();
  await using home = await tempDir("zot-home-");
  const r = await zot(work.path, home.path, "ext", "new", "--help");
  assertEquals(r.code, 0, show(r));
  assertIncludes(r.stdout, "Usage: zot ext new [options] <name>");
  assertIncludes(r.stdout, '(choices: "ts", "python", "shell"');
  assertIncludes(r.stdout, "--dir <path>");
  assertEquals(await listNames(work.path), []);
});

Deno.test("a name that is a built-in command gets a warning", async () => {
  await using work = await tempDir();
  await using home = await tempDir("zot-home-");
  const r = await zot(work.path, home.path, "ext", "new", "help", "--lang", "shell");
  assertEquals(r.code, 0, show(r));
  assertIncludes(r.stderr, "warning: /help is a built-in command");
});

Deno.test("a write that fails midway leaves nothing behind, created parents included", async () => {
  await using work = await tempDir();
  const target = join(work.path, "new", "deeper", "ext");
  const files = [
    { path: "x", text: "a file", executable: false, what: "" },
    { path: "x/y", text: "cannot live under a file", executable: false, what: "" },
  ];
  const err = await assertRejects(() => writeScaffold(target, files), ZotError);
  assertEquals(err.code, "ext_new_write_failed");
  assertIncludes(err.message, "nothing was written");
  assertEquals(await listNames(work.path), []);
});

Deno.test("scaffold files: every placeholder filled, tool names valid for any name", () => {
  for (const lang of SCAFFOLD_LANGUAGES) {
    const scaffold = scaffoldFor("x.y-z", lang);
    assertEquals(scaffold.tool, "x_y_z_echo");
    for (const file of scaffold.files) {
      assert.ok(!/\{\{\w+\}\}/.test(file.text), `${lang}/${file.path} has a placeholder left`);
    }
    const manifest = scaffold.files.find((f) => f.path === "extension.json")!.text;
    assertIncludes(manifest, '"name": "x.y-z"');
  }
  const long = scaffoldToolName("a".repeat(64));
  assertEquals(long.length, 64);
  assert.match(long, /^[A-Za-z0-9_]{1,64}$/);
  assert.throws(() => scaffoldFor("", "ts"), (e: unknown) => e instanceof ZotError);
});

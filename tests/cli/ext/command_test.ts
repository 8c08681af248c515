/** `zot ext …` end to end: the real CLI in a subprocess, with its own ZOT_HOME and project. */

import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { assert, assertEquals, assertIncludes } from "../../support/assert.ts";
import {
  git,
  listNames,
  tempDir,
  writeExtension,
  writeFiles,
  writeWorkingExtension,
} from "../../support/ext_dirs.ts";

const MAIN = fileURLToPath(new URL("../../../main.ts", import.meta.url));

interface World extends AsyncDisposable {
  root: string;
  /** The project folder zot runs in. */
  cwd: string;
  home: string;
  global: string;
  project: string;
}

async function world(): Promise<World> {
  const dir = await tempDir("zot-cli-");
  const cwd = join(dir.path, "proj");
  await Deno.mkdir(cwd);
  const home = join(dir.path, "home");
  return {
    root: dir.path,
    cwd,
    home,
    global: join(home, "extensions"),
    project: join(cwd, ".zot", "extensions"),
    [Symbol.asyncDispose]: () => dir[Symbol.asyncDispose](),
  };
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function zotCommand(w: World, args: string[], stdout: "piped" | "null" = "piped"): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "ext", ...args],
    cwd: w.cwd,
    env: { ZOT_HOME: w.home, NO_COLOR: "1" },
    stdin: "null",
    stdout,
    stderr: "piped",
  });
}

async function zot(w: World, ...args: string[]): Promise<Run> {
  const output = await zotCommand(w, args).output();
  const decoder = new TextDecoder();
  return {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

function ok(run: Run): Run {
  assertEquals(run.code, 0, `expected exit 0, got ${run.code}; stderr:\n${run.stderr}`);
  return run;
}

/** Installs "wx", a sandboxed extension that asks to connect to api.example.com. */
async function installWx(w: World): Promise<void> {
  await writeExtension(join(w.cwd, "wx"), {
    name: "wx",
    exec: "./main.ts",
    permissions: { net: ["api.example.com"] },
  });
  ok(await zot(w, "install", "--yes", "./wx"));
}

const HELLO_PY = `#!/usr/bin/env python3
# $ZOT_HOME/extensions/hello-py/hello.py
import json, sys, threading

def emit(obj):
    sys.stdout.write(json.dumps(obj) + "\\n")
    sys.stdout.flush()

emit({"type":"hello","name":"hello-py","version":"1.0.0","capabilities":["commands"]})
emit({"type":"register_command","name":"hellopy","description":"say hi (python)"})

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "command_invoked":
        emit({"type":"command_response","id":msg["id"],"action":"prompt",
              "prompt": "Greet me very briefly. Add one emoji."})
    elif msg["type"] == "shutdown":
        emit({"type":"shutdown_ack"})
        break
`;

const HELLO_MANIFEST = `{
  "name": "hello-py",
  "version": "1.0.0",
  "exec": "./hello.py",
  "language": "python",
  "enabled": true
}
`;

Deno.test("quick start: install ./hello-py, then list shows it enabled", async () => {
  await using w = await world();
  const source = join(w.cwd, "hello-py");
  await writeFiles(source, { "hello.py": HELLO_PY, "extension.json": HELLO_MANIFEST });
  await Deno.chmod(join(source, "hello.py"), 0o755);

  const install = ok(await zot(w, "install", "--yes", "./hello-py"));
  const dir = join(w.global, "hello-py");
  assertEquals(install.stdout, `installed "hello-py" 1.0.0 (global) in ${dir}\n`);
  assertIncludes(install.stderr, "fetching ./hello-py");
  assertIncludes(install.stderr, "runs unrestricted, with your full user permissions");
  assertEquals((await Deno.stat(join(dir, "hello.py"))).mode! & 0o111, 0o111);
  assertEquals(await Deno.readTextFile(join(dir, "hello.py")), HELLO_PY);

  const list = ok(await zot(w, "list"));
  assertEquals(list.stdout, `hello-py\t1.0.0\tglobal\tenabled\tunrestricted\t-\t${dir}\n`);
});

Deno.test("list: empty, JSON, and every state with its source", async () => {
  await using w = await world();
  assertEquals(
    ok(await zot(w, "list")).stdout,
    "no extensions installed; add one with: zot ext install <path|git-url>\n",
  );
  assertEquals(ok(await zot(w, "list", "--json")).stdout, "[]\n");

  await writeExtension(join(w.project, "p"), {
    name: "shared",
    exec: "./p",
    description: "project copy",
  });
  await writeExtension(join(w.global, "shared"), { name: "shared", exec: "./g", version: "2" });
  await writeExtension(join(w.global, "off"), { name: "off", exec: "./o", enabled: false });
  await writeExtension(join(w.global, "broken"), { name: "broken", exec: "./a b" });
  await writeExtension(join(w.root, "dev"), { name: "dev", exec: "./d" });

  const list = ok(await zot(w, "list", "--ext", "../dev"));
  const lines = list.stdout.trimEnd().split("\n").map((l) => l.split("\t").slice(0, 4).join(" "));
  assertEquals(lines, [
    "dev - flag enabled",
    "shared - project enabled, untrusted",
    "off - global disabled",
    "shared 2 global shadowed by project",
    `broken - global invalid: "exec" must be a single program path but contains a space; ` +
    `move arguments to "args" (e.g. "exec": "./a", "args": ["b"])`,
  ]);
  assertIncludes(list.stdout, `\tproject copy\t${join(w.project, "p")}\n`);

  const rows = JSON.parse(ok(await zot(w, "list", "--json")).stdout);
  assertEquals(rows.map((r: { name: string; state: string }) => `${r.name}:${r.state}`), [
    "shared:enabled",
    "off:disabled",
    "shared:shadowed",
    "broken:invalid",
  ]);
  assertEquals(rows[0], {
    name: "shared",
    version: null,
    source: "project",
    state: "enabled",
    reason: null,
    access: "unrestricted",
    description: "project copy",
    language: null,
    trust: "untrusted",
    required: false,
    protocol: "ndjson",
    shadowedBy: null,
    path: join(w.project, "p"),
    manifestPath: join(w.project, "p", "extension.json"),
  });
  assertEquals(rows[2].shadowedBy, { source: "project", dir: join(w.project, "p") });
});

Deno.test("install: refuses to overwrite, --force replaces, --local goes to the project", async () => {
  await using w = await world();
  await writeWorkingExtension(join(w.root, "src"), { name: "tool", version: "1" });
  ok(await zot(w, "install", "--yes", "../src"));
  const again = await zot(w, "install", "--yes", "../src");
  assertEquals(again.code, 1);
  assertIncludes(
    again.stderr,
    `zot: extension "tool" is already installed (global) at ${join(w.global, "tool")}; ` +
      "pass --force to replace it",
  );
  const forced = ok(await zot(w, "install", "--yes", "../src", "--force"));
  assertIncludes(forced.stdout, `replaced the copy that was in ${join(w.global, "tool")}\n`);
  const local = ok(await zot(w, "install", "--yes", "--local", "../src"));
  assertEquals(local.stdout, `installed "tool" 1 (project) in ${join(w.project, "tool")}\n`);
});

Deno.test("install from a git URL clones it; a repo without a manifest rolls back", async () => {
  await using w = await world();
  const work = join(w.root, "work");
  await writeWorkingExtension(work, { name: "from-git", version: "3.1" });
  await git(work, "init", "--quiet", "--initial-branch=main");
  await git(work, "add", "--all");
  await git(work, "commit", "--quiet", "-m", "initial");
  const url = pathToFileURL(work).href;
  const run = ok(await zot(w, "install", "--yes", url, "--local"));
  assertEquals(
    run.stdout,
    `installed "from-git" 3.1 (project) in ${join(w.project, "from-git")}\n`,
  );
  assertIncludes(run.stderr, `fetching ${url}`);

  const empty = join(w.root, "empty");
  await writeFiles(empty, { "README.md": "nothing" });
  await git(empty, "init", "--quiet", "--initial-branch=main");
  await git(empty, "add", "--all");
  await git(empty, "commit", "--quiet", "-m", "initial");
  const failed = await zot(w, "install", "--yes", pathToFileURL(empty).href);
  assertEquals(failed.code, 1);
  assertIncludes(failed.stderr, "nothing was installed");
  assertEquals(await listNames(w.global), []);
});

Deno.test("install: a folder without a manifest fails with exit 1 and leaves nothing", async () => {
  await using w = await world();
  await writeFiles(join(w.root, "junk"), { "x.txt": "x" });
  const run = await zot(w, "install", "--yes", "../junk");
  assertEquals(run.code, 1);
  assertIncludes(run.stderr, "extension.json is not usable (no extension.json)");
  assertIncludes(run.stderr, "nothing was installed");
  assertEquals(ok(await zot(w, "list", "--json")).stdout, "[]\n");
  // The source is checked before anything is created.
  assertEquals(await listNames(w.global), []);
});

Deno.test("install warns when the installed copy is shadowed or disabled", async () => {
  await using w = await world();
  await writeExtension(join(w.project, "x"), { name: "x", exec: "./x" });
  await writeWorkingExtension(join(w.root, "src"), { name: "x", enabled: false });
  const run = ok(await zot(w, "install", "--yes", "../src"));
  assertIncludes(run.stderr, "warning: it is disabled in its manifest; run: zot ext enable x");
  assertIncludes(run.stderr, `warning: the project copy in ${join(w.project, "x")} wins`);
});

Deno.test("disable and enable persist in the manifest and show in list", async () => {
  await using w = await world();
  const dir = await writeExtension(
    join(w.global, "x"),
    `{
  // keep me
  "name": "x",
  "exec": "./x"
}
`,
  );
  const off = ok(await zot(w, "disable", "x"));
  assertEquals(off.stdout, `disabled "x" (global) in ${join(dir, "extension.json")}\n`);
  assertEquals(
    await Deno.readTextFile(join(dir, "extension.json")),
    `{\n  // keep me\n  "name": "x",\n  "exec": "./x",\n  "enabled": false\n}\n`,
  );
  assertIncludes(ok(await zot(w, "list")).stdout, "x\t-\tglobal\tdisabled\tunrestricted\t");
  assertEquals(ok(await zot(w, "disable", "x")).stdout, `"x" (global) is already disabled\n`);
  ok(await zot(w, "enable", "x"));
  assertIncludes(ok(await zot(w, "list")).stdout, "x\t-\tglobal\tenabled\tunrestricted\t");
});

Deno.test("with both scopes: project by default, --global picks the other", async () => {
  await using w = await world();
  await writeExtension(join(w.project, "x"), { name: "x", exec: "./x" });
  await writeExtension(join(w.global, "x"), { name: "x", exec: "./x" });
  assertIncludes(ok(await zot(w, "disable", "x")).stdout, `disabled "x" (project)`);
  assertIncludes(ok(await zot(w, "disable", "x", "--global")).stdout, `disabled "x" (global)`);
  const removed = ok(await zot(w, "rm", "-y", "x", "--global"));
  assertEquals(removed.stdout, `removed "x" (global) from ${join(w.global, "x")}\n`);
  ok(await zot(w, "remove", "x"));
  assertEquals(ok(await zot(w, "list", "--json")).stdout, "[]\n");
});

Deno.test("unknown names exit 1 with a clear message; bad usage exits 2", async () => {
  await using w = await world();
  for (const sub of ["remove", "enable", "disable", "logs"]) {
    const run = await zot(w, sub, "ghost");
    assertEquals(run.code, 1, sub);
    assertEquals(run.stderr, `zot: no extension named "ghost" is installed; see: zot ext list\n`);
  }
  const usage: string[][] = [
    ["list", "--bogus"],
    ["frobnicate"],
    ["install"],
    ["remove"],
    ["enable", "x", "--local", "--global"],
    ["logs"],
    ["remove", "../etc"],
    ["logs", "../../../etc/passwd"],
  ];
  for (const args of usage) {
    const run = await zot(w, ...args);
    assertEquals(run.code, 2, `zot ext ${args.join(" ")}: ${run.stderr}`);
    assert.ok(run.stderr.length > 0, `zot ext ${args.join(" ")} printed no error`);
  }
});

Deno.test("--help works for ext and every subcommand", async () => {
  await using w = await world();
  const top = ok(await zot(w, "--help"));
  for (const sub of ["list", "install", "remove|rm", "enable", "disable", "logs"]) {
    assertIncludes(top.stdout, sub);
  }
  const subs: [string, string, string[]][] = [
    ["list", "list|ls [options]", ["--json", "--ext <path>"]],
    ["install", "install [options] <source>", ["--force", "--local", "ssh://"]],
    ["rm", "remove|rm [options] <name>", ["-y, --yes", "--global", "acts on the project copy"]],
    ["enable", "enable [options] <name>", ["--local", "--global", "acts on the project copy"]],
    ["disable", "disable [options] <name>", ["--local", "--global", "comments stay"]],
    ["logs", "logs [options] <name>", ["-f, --follow"]],
  ];
  for (const [sub, usage, fragments] of subs) {
    const run = ok(await zot(w, sub, "--help"));
    assertIncludes(run.stdout, `Usage: zot ext ${usage}`);
    for (const fragment of fragments) assertIncludes(run.stdout, fragment);
  }
});

Deno.test("logs: prints the log; a missing log says when it appears", async () => {
  await using w = await world();
  await writeExtension(join(w.global, "x"), { name: "x", exec: "true" });
  const missing = await zot(w, "logs", "x");
  assertEquals(missing.code, 1);
  assertIncludes(
    missing.stderr,
    `no log for extension "x" yet; it is written when zot starts the extension`,
  );
  await writeFiles(join(w.home, "logs"), { "ext-x.log": "started\nboom\n" });
  assertEquals(ok(await zot(w, "logs", "x")).stdout, "started\nboom\n");
  // A log outlives its install (and --ext extensions are never installed): it is still shown.
  await Deno.remove(join(w.global, "x"), { recursive: true });
  assertEquals(ok(await zot(w, "logs", "x")).stdout, "started\nboom\n");
});

/** Reads a child's stdout and lets a test await text in it. */
class StreamText {
  text = "";
  #reader: ReadableStreamDefaultReader<string>;

  constructor(stream: ReadableStream<Uint8Array>) {
    this.#reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  }

  async until(fragment: string): Promise<void> {
    while (!this.text.includes(fragment)) {
      const { value, done } = await this.#reader.read();
      if (done) throw new Error(`stream ended before ${JSON.stringify(fragment)}:\n${this.text}`);
      this.text += value;
    }
  }

  async cancel(): Promise<void> {
    await this.#reader.cancel();
  }
}

Deno.test("logs -f prints appended lines until it is signalled", async () => {
  await using w = await world();
  const log = join(w.home, "logs", "ext-x.log");
  await writeFiles(join(w.home, "logs"), { "ext-x.log": "first\n" });
  const child = zotCommand(w, ["logs", "x", "-f"]).spawn();
  const out = new StreamText(child.stdout);
  const stderr = child.stderr.text();
  try {
    await out.until("first\n");
    await Deno.writeTextFile(log, "second\n", { append: true });
    await out.until("second\n");
  } finally {
    child.kill("SIGTERM");
  }
  const status = await child.status;
  await out.cancel();
  assertEquals(await stderr, "");
  assertEquals(status.code, 0, "SIGTERM ends --follow cleanly");
  assertEquals(out.text, "first\nsecond\n");
});

Deno.test("logs -f stops by itself when its stdout is closed", async () => {
  await using w = await world();
  const log = join(w.home, "logs", "ext-x.log");
  await writeFiles(join(w.home, "logs"), { "ext-x.log": "first\n" });
  const child = zotCommand(w, ["logs", "x", "--follow"]).spawn();
  const out = new StreamText(child.stdout);
  const stderr = child.stderr.text();
  await out.until("first\n");
  await out.cancel(); // closes the read end of the pipe
  // The pipe's read end may close a moment after cancel resolves, so one line written in that
  // moment would still fit the pipe: keep adding lines until follow writes into the closed pipe.
  let exited = false;
  const status = child.status.finally(() => exited = true);
  let stuck = false;
  for (let i = 0; !exited; i++) {
    if (i === 300) {
      stuck = true; // 30 s of lines: follow never noticed; fail instead of hanging the suite.
      break;
    }
    await Deno.writeTextFile(log, `after close ${i}\n`, { append: true });
    let tick: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([status, new Promise((resolve) => tick = setTimeout(resolve, 100))]);
    clearTimeout(tick);
  }
  const result = stuck ? "stuck" : await status;
  if (result === "stuck") {
    child.kill("SIGKILL");
    await child.status;
  }
  await stderr;
  assert.ok(result !== "stuck", "zot ext logs -f kept running after stdout closed");
  assertEquals(result.code, 0);
});

Deno.test("install asks first: without --yes and with no answer nothing is installed", async () => {
  await using w = await world();
  await writeExtension(join(w.cwd, "src"), { name: "asked", exec: "./run" });
  const run = await zot(w, "install", "./src");
  assertEquals(run.code, 1, run.stderr);
  assertIncludes(run.stderr, "runs unrestricted");
  assertIncludes(run.stderr, 'did not install "asked"; nothing was changed; pass --yes');
  assertEquals(await listNames(w.global), []);
});

Deno.test("a sandboxed extension's permissions are shown in plain words, granted, and listed", async () => {
  await using w = await world();
  await writeExtension(join(w.cwd, "wx"), {
    name: "wx",
    exec: "./main.ts",
    permissions: { net: ["api.example.com"], run: true },
  });
  const run = ok(await zot(w, "install", "--yes", "./wx"));
  assertIncludes(run.stderr, '"wx" runs sandboxed and asks permission to:');
  assertIncludes(run.stderr, "  - connect to api.example.com");
  assertIncludes(run.stderr, "  - run any program (FULL ACCESS");
  const [file] = await listNames(join(w.home, "grants"));
  const grant = JSON.parse(await Deno.readTextFile(join(w.home, "grants", file)));
  assertEquals(grant.extension, "wx");
  assertEquals(grant.granted.allow, { net: ["api.example.com"], run: true });
  assertIncludes(
    ok(await zot(w, "list")).stdout,
    "wx\t-\tglobal\tenabled\tsandboxed, FULL ACCESS\t",
  );
});

Deno.test("permissions: review, adjust, reset, and a manifest that asks for more", async () => {
  await using w = await world();
  await installWx(w);
  const shown = ok(await zot(w, "permissions", "wx"));
  assertEquals(
    shown.stdout,
    "requested (extension.json):\n  - connect to api.example.com\ngranted:\n  - connect to api.example.com\n",
  );

  const widened = ok(
    await zot(w, "permissions", "wx", "--allow-net=api.example.com,cdn.example.com"),
  );
  assertIncludes(widened.stdout, "granted:\n  - connect to api.example.com, cdn.example.com\n");
  ok(await zot(w, "permissions", "wx", "--reset"));
  assertIncludes(
    ok(await zot(w, "permissions", "wx")).stdout,
    "granted:\n  - connect to api.example.com\n",
  );

  // The extension rewrites its own manifest to ask for more: nothing is gained.
  const manifestPath = join(w.global, "wx", "extension.json");
  const grown = JSON.parse(await Deno.readTextFile(manifestPath));
  grown.permissions.read = ["/"];
  await Deno.writeTextFile(manifestPath, JSON.stringify(grown));
  const refused = ok(await zot(w, "permissions", "wx"));
  assertIncludes(refused.stderr, '"wx": it now asks for more than was granted: read: /');
  assertIncludes(ok(await zot(w, "list")).stdout, "\tsandboxed, asks for more\t");
  ok(await zot(w, "permissions", "wx", "--yes"));
  assertIncludes(ok(await zot(w, "list")).stdout, "wx\t-\tglobal\tenabled\tsandboxed\t");
});

Deno.test("permissions of a plain program say it is unrestricted; logs --audit needs --ext-audit", async () => {
  await using w = await world();
  await writeExtension(join(w.cwd, "plain"), { name: "plain", exec: "./run" });
  ok(await zot(w, "install", "--yes", "./plain"));
  assertIncludes(ok(await zot(w, "permissions", "plain")).stdout, "runs unrestricted");
  const audit = await zot(w, "logs", "plain", "--audit");
  assertEquals(audit.code, 1);
  assertIncludes(audit.stderr, 'no permission audit for extension "plain" yet');
  assertIncludes(audit.stderr, "--ext-audit");
});

Deno.test("remove takes the install's grant with it, so a reinstall asks afresh", async () => {
  await using w = await world();
  await installWx(w);
  assertEquals((await listNames(join(w.home, "grants"))).length, 1);
  ok(await zot(w, "remove", "wx"));
  assertEquals(await listNames(join(w.home, "grants")), []);
});

Deno.test("install refuses a folder whose links lead outside it, naming each, and installs nothing", async () => {
  await using w = await world();
  const secret = join(w.root, "dotssh");
  await writeFiles(secret, { "id_rsa": "PRIVATE KEY\n" });
  const src = join(w.cwd, "linky");
  await writeExtension(src, { name: "linky", exec: "./run" });
  await writeFiles(src, { "notes.txt": "inside\n" });
  await Deno.symlink("notes.txt", join(src, "readme-link")); // inside: fine
  await Deno.symlink(secret, join(src, "sshlink"));
  const refused = await zot(w, "install", "--yes", "./linky");
  assertEquals(refused.code, 1, refused.stderr);
  assertIncludes(refused.stderr, `cannot install ./linky: sshlink -> ${secret} links outside`);
  assertIncludes(refused.stderr, "copy what it needs into the folder or remove the link");
  assertEquals(refused.stderr.includes("readme-link"), false, refused.stderr);
  assertEquals(await listNames(w.global), []);
  await Deno.remove(join(src, "sshlink"));
  ok(await zot(w, "install", "--yes", "./linky"));
  assertEquals(await Deno.readLink(join(w.global, "linky", "readme-link")), "notes.txt");
});

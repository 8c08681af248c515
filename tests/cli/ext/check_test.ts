/** `zot ext check` end to end: the examples pass; a broken fixture fails with each problem named. */

import { join } from "node:path";
import { assertEquals, assertIncludes } from "../../support/assert.ts";

const REPO = join(import.meta.dirname!, "..", "..", "..");

async function check(...args: string[]) {
  const home = await Deno.makeTempDir();
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", join(REPO, "main.ts"), "ext", "check", ...args],
      cwd: REPO,
      env: { ZOT_HOME: home, NO_COLOR: "1" },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const decoder = new TextDecoder();
    return {
      code: out.code,
      stdout: decoder.decode(out.stdout),
      stderr: decoder.decode(out.stderr),
    };
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

for (const example of ["hello-py", "clock", "weather", "guard", "scratchpad", "jq-echo"]) {
  Deno.test(`the ${example} example passes zot ext check --probe`, async () => {
    const run = await check(`extensions/examples/${example}`, "--probe");
    assertEquals(run.code, 0, run.stdout + run.stderr);
    assertIncludes(run.stdout, "✓ hello name matches the manifest");
    assertIncludes(run.stdout, "✓ shutdown_ack");
    assertIncludes(run.stdout, "✓ stdout carries frames only");
    assertIncludes(run.stdout, "all checks passed");
  });
}

Deno.test("a broken extension fails the check with each problem named", async () => {
  const run = await check("tests/fixtures/extensions/broken", "--probe");
  assertEquals(run.code, 1);
  assertIncludes(
    run.stdout,
    `✗ hello name matches the manifest  hello says "not-broken" but extension.json says "broken"`,
  );
  assertIncludes(run.stdout, "✗ tool bad: schema  properties/x/type");
  assertIncludes(run.stdout, '✗ tool "bad tool!": name  not a usable tool name');
  assertIncludes(run.stdout, '✗ command "two words"  not a usable command name');
  assertIncludes(run.stdout, "✗ shutdown_ack  the extension exited without sending shutdown_ack");
  assertIncludes(
    run.stdout,
    "✗ stdout carries frames only  1 line(s) that are not frames (not JSON",
  );
  assertIncludes(run.stderr, 'extension "broken" failed its check');
});

Deno.test("--json reports the same checklist for CI", async () => {
  const run = await check("tests/fixtures/extensions/broken", "--json");
  assertEquals(run.code, 1);
  const report = JSON.parse(run.stdout);
  assertEquals(report.ok, false);
  assertEquals(report.extension, "broken");
  const failed = report.items.filter((i: { status: string }) => i.status === "fail").map((
    i: { title: string },
  ) => i.title);
  assertEquals(failed, [
    "hello name matches the manifest",
    "tool bad: schema",
    'tool "bad tool!": name',
    'command "two words"',
    "shutdown_ack",
    "stdout carries frames only",
  ]);
});

Deno.test("an extension that never says hello is reported, not waited on forever", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      join(dir, "extension.json"),
      // Its own startup timeout is what check waits, as a session would.
      '{"name":"mute","exec":"sleep","args":["30"],"timeouts":{"startup":2000}}',
    );
    const run = await check(dir);
    assertEquals(run.code, 1);
    assertIncludes(run.stdout, "✗ hello  no frame within 2000 ms; the first frame must be hello");
    // It was stopped rather than left to run out its 30 s.
    assertIncludes(
      run.stdout,
      "✗ exit after shutdown  it did not exit by itself; zot sent SIGTERM",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("check warns exactly about commands the built-in registry takes", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      join(dir, "extension.json"),
      JSON.stringify({ name: "taker", exec: "python3", args: ["main.py"] }),
    );
    const frames = [
      { type: "hello", name: "taker", version: "1" },
      ...["study", "help", "skills", "yolo"].map((name) => ({ type: "register_command", name })),
      { type: "ready" },
    ];
    await Deno.writeTextFile(
      join(dir, "main.py"),
      `import json, sys\nfor f in ${JSON.stringify(frames)}: print(json.dumps(f), flush=True)\n` +
        `for line in sys.stdin:\n  if json.loads(line).get("type") == "shutdown":\n` +
        `    print(json.dumps({"type": "shutdown_ack"}), flush=True); break\n`,
    );
    const run = await check(dir);
    // /yolo is a built-in since issue 11 (with /jail and /unjail).
    for (const builtin of ["study", "help", "yolo"]) {
      assertIncludes(
        run.stdout,
        `! command /${builtin}  a built-in command has this name and wins`,
      );
    }
    for (const free of ["skills"]) assertIncludes(run.stdout, `✓ command /${free}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("zot ext check output holds no terminal escapes when captured, even from Deno's own errors", async () => {
  const dir = await Deno.makeTempDir();
  const home = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      join(dir, "extension.json"),
      '{"name":"crash","exec":"deno","args":["run","./main.ts"]}',
    );
    // An uncaught error: Deno prints it on stderr in colour unless told otherwise.
    await Deno.writeTextFile(join(dir, "main.ts"), 'throw new Error("boom");\n');
    const env = Deno.env.toObject();
    delete env.NO_COLOR;
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", join(REPO, "main.ts"), "ext", "check", dir],
      env: { ...env, ZOT_HOME: home },
      clearEnv: true,
      stdin: "null",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    assertEquals(out.code, 1);
    assertIncludes(text, "Uncaught");
    assertIncludes(text, "boom");
    assertEquals(text.includes("\x1b"), false, JSON.stringify(text));
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("a protocol 1.1 extension: check sees the announcement, answers its dialogs, probes it", async () => {
  const run = await check("tests/fixtures/e2e/dialoger", "--probe");
  assertEquals(run.code, 0, run.stdout + run.stderr);
  assertIncludes(run.stdout, "✓ protocol  1.1: hello_ack lists the host's features");
  assertIncludes(run.stdout, '(select) "Pick a color"  answered with its default "green"');
  assertIncludes(run.stdout, '(confirm) "Really do it?"  cancelled');
  assertIncludes(run.stdout, "✓ probe /pick  action display");
});

Deno.test("check warns when 1.1 hooks come without a 1.1 hello, and about names it cannot intercept", async () => {
  const run = await check("tests/fixtures/extensions/v11-unannounced");
  assertIncludes(run.stdout, "✓ protocol  v1");
  assertIncludes(run.stdout, "cannot be intercepted (ignored): session_start");
  assertIncludes(run.stdout, 'tool_result, user_prompt are protocol 1.1; add "protocol":"1.1"');
});

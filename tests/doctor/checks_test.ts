import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { join } from "node:path";
import { type DoctorContext, type DoctorItem, runDoctor } from "../../src/doctor/mod.ts";

async function withHome(fn: (home: string) => Promise<void>): Promise<void> {
  const home = await Deno.makeTempDir();
  try {
    await fn(home);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

function item(items: DoctorItem[], name: string): DoctorItem {
  const found = items.find((i) => i.name === name);
  assert.ok(found, `no ${name} in ${JSON.stringify(items)}`);
  return found;
}

function context(home: string, env: Record<string, string>, standalone: boolean): DoctorContext {
  return {
    os: "linux",
    standalone,
    execPath: "/opt/zot/zot",
    env: { ZOT_HOME: join(home, "state"), ...env },
    pid: 4242,
  };
}

Deno.test("doctor: a compiled zot with no system deno explains what that means for TS extensions", async () => {
  await withHome(async (home) => {
    const items = await runDoctor(context(home, { PATH: join(home, "empty") }, true));
    const deno = item(items, "deno");
    assertEquals(deno.status, "warn");
    assertIncludes(deno.detail, "this compiled zot cannot run TypeScript itself");
    assertIncludes(deno.detail, '"runtime": "deno"');
    assertIncludes(deno.detail, "extensions that are programs in any other language still run");
    assertIncludes(deno.fix!, "npm install -g deno");
    assertIncludes(item(items, "zot").detail, "compiled binary at /opt/zot/zot");
  });
});

Deno.test("doctor: run from source with no deno on PATH, the deno running zot serves", async () => {
  await withHome(async (home) => {
    const items = await runDoctor(context(home, { PATH: join(home, "empty") }, false));
    assertEquals(item(items, "deno").status, "ok");
    assertIncludes(item(items, "deno").detail, "the deno running zot (/opt/zot/zot)");
  });
});

Deno.test("doctor: a ZOT_DENO that does not run is a failure naming it", async () => {
  await withHome(async (home) => {
    const bad = join(home, "not-deno");
    const items = await runDoctor(context(home, { PATH: "", ZOT_DENO: bad }, true));
    assertEquals(item(items, "deno").status, "fail");
    assertIncludes(item(items, "deno").detail, `ZOT_DENO=${bad} does not run as deno`);
  });
});

Deno.test("doctor: keys are reported by where they are, never shown, even from a broken auth.json", async () => {
  await withHome(async (home) => {
    const state = join(home, "state");
    await Deno.mkdir(state);
    await Deno.writeTextFile(join(state, "auth.json"), '{"openai": {"api_key": "sk-in-file-77"}}');
    let items = await runDoctor(context(home, { PATH: "", ANTHROPIC_API_KEY: "sk-env-42" }, false));
    assertEquals(item(items, "anthropic key").detail, "found in ANTHROPIC_API_KEY");
    assertEquals(item(items, "openai key").detail, `found in ${join(state, "auth.json")}`);
    await Deno.writeTextFile(join(state, "auth.json"), "sk-broken-99 {");
    items = await runDoctor(context(home, { PATH: "" }, false));
    assertEquals(item(items, "auth.json").status, "fail");
    const text = JSON.stringify(items);
    for (const secret of ["sk-env-42", "sk-in-file-77", "sk-broken-99"]) {
      assert.ok(!text.includes(secret), text);
    }
  });
});

/** A bwrap named by ZOT_BWRAP: a script that runs `body` (the real bwrap is "$REAL"). */
async function fakeBwrap(home: string, body: string): Promise<string> {
  const real = new TextDecoder().decode(
    (await new Deno.Command("sh", { args: ["-c", "command -v bwrap"], stdout: "piped" }).output())
      .stdout,
  ).trim();
  const path = join(home, `bwrap-${crypto.randomUUID()}`);
  await Deno.writeTextFile(path, `#!/bin/sh\nREAL='${real}'\n${body}\n`);
  await Deno.chmod(path, 0o755);
  return path;
}

Deno.test("doctor: the OS sandbox is found through ZOT_BWRAP as the launcher finds it, or missed with what that costs", async () => {
  await withHome(async (home) => {
    const empty = { PATH: join(home, "empty") };
    const missing = item(await runDoctor(context(home, empty, false)), "OS sandbox");
    assertEquals(missing.status, "warn");
    assertIncludes(missing.detail, "extensions with permissions are refused");
    assertIncludes(missing.fix!, "bubblewrap");
    const named = { ...empty, ZOT_BWRAP: await fakeBwrap(home, 'exec "$REAL" "$@"') };
    const found = item(await runDoctor(context(home, named, false)), "OS sandbox");
    assertEquals(found.status, "ok", found.detail);
    assertIncludes(found.detail, `bwrap at ${named.ZOT_BWRAP}, with the seccomp filter`);
  });
});

Deno.test("doctor: a bwrap that cannot start a sandbox fails, with its own words and the fix", async () => {
  await withHome(async (home) => {
    // What bwrap says where unprivileged user namespaces are off.
    const refusing = await fakeBwrap(
      home,
      'echo "bwrap: setting up uid map: Permission denied" >&2; exit 1',
    );
    const env = { PATH: join(home, "empty"), ZOT_BWRAP: refusing };
    const broken = item(await runDoctor(context(home, env, false)), "OS sandbox");
    assertEquals(broken.status, "fail");
    assertIncludes(broken.detail, "(bwrap: setting up uid map: Permission denied)");
    assertIncludes(broken.fix!, "user namespaces");
  });
});

Deno.test("doctor: as process 1 it says orphans cannot be reaped and how to add an init; otherwise nothing", async () => {
  await withHome(async (home) => {
    const usual = await runDoctor(context(home, {}, true));
    assertEquals(usual.some((i) => i.name === "init"), false);
    const first = item(await runDoctor({ ...context(home, {}, true), pid: 1 }), "init");
    assertEquals(first.status, "warn");
    assertIncludes(first.detail, "cannot reap them");
    assertIncludes(first.fix ?? "", "docker run --init");
  });
});

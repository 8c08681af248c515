/**
 * Grants belong to an install, not a name: a `--ext` folder whose manifest shares an installed
 * extension's name gets its own request and the run's flags only, and its denial hint names
 * the one-run flag.
 */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { vendorScript } from "./os_sandbox_support.ts";
import { FIXTURES, World } from "./support.ts";

type Body = { messages: { role: string; content: unknown }[] };
type Block = { type: string; is_error?: boolean; content?: unknown };

const PROBER = join(FIXTURES, "prober", "main.ts");

function readResult(body: Body): Block {
  return (body.messages.at(-1)!.content as Block[]).find((b) => b.type === "tool_result")!;
}

/** A Deno extension named "demo" that asks for nothing; the prober is vendored inside it. */
async function demo(dir: string): Promise<string> {
  await Deno.mkdir(dir, { recursive: true });
  const exec = await vendorScript(PROBER, dir);
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "demo", exec, runtime: "deno", permissions: {} }),
  );
  return dir;
}

Deno.test("a same-named --ext folder does not inherit an installed extension's grant", async () => {
  await using world = await World.create();
  const secret = join(world.root, "hostname");
  await Deno.writeTextFile(secret, "secret-host\n");
  const probe = {
    blocks: [{
      type: "tool_use" as const,
      id: "r1",
      name: "probe",
      input: { what: "read", target: secret },
    }],
  };
  world.server.reply(probe, { text: "read it" }, probe, { text: "denied" });

  const installed = await world.run([
    "ext",
    "install",
    "--yes",
    "--force",
    await demo(join(world.root, "a")),
  ]);
  assertEquals(installed.code, 0, installed.stderr);
  const granted = await world.run(["ext", "permissions", "demo", `--allow-read=${secret}`]);
  assertEquals(granted.code, 0, granted.stderr);

  const own = await world.run(["-p", "read it"]);
  assertEquals(own.code, 0, own.stderr);
  const allowed = readResult(world.server.bodies()[1] as Body);
  assertEquals(allowed.is_error ?? false, false, JSON.stringify(allowed.content));
  assertIncludes(JSON.stringify(allowed.content), "read 12 chars");

  const other = await demo(join(world.root, "other"));
  const adhoc = await world.run(["--ext", other, "-p", "read it"]);
  assertEquals(adhoc.code, 0, adhoc.stderr);
  const denied = readResult(world.server.bodies()[3] as Body);
  const text = JSON.stringify(denied.content);
  assertEquals(denied.is_error, true, text);
  assertIncludes(text, "Requires read access");
  assertIncludes(text, `zot --ext ${other} --allow-read=${secret}`);
  assert(!text.includes("zot ext permissions"), text);
});

Deno.test("zot ext permissions restricts an extension in any language", async () => {
  await using world = await World.create();
  const dir = join(world.root, "py");
  await Deno.mkdir(dir);
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "py", exec: "python3", args: ["main.py"] }),
  );
  await Deno.writeTextFile(join(dir, "main.py"), "");
  assertEquals((await world.run(["ext", "install", "--yes", "--force", dir])).code, 0);
  const before = await world.run(["ext", "permissions", "py"]);
  assertIncludes(before.stdout, "runs unrestricted");
  const after = await world.run(["ext", "permissions", "py", "--allow-read=/etc/hostname"]);
  assertEquals(after.code, 0, after.stderr);
  assertIncludes(after.stdout, `updated the grant of "py"`);
  assertIncludes(after.stdout, "/etc/hostname");
  const grants = await Array.fromAsync(Deno.readDir(join(world.home, "grants")));
  assertEquals(grants.length, 1);
  const record = JSON.parse(await Deno.readTextFile(join(world.home, "grants", grants[0].name)));
  assertEquals(record.extension, "py");
  assertEquals(record.granted.allow.read, ["/etc/hostname"]);
});

/**
 * Deno loads local modules without checking --allow-read, and its read checks do not follow
 * symlinks. A Deno extension with "permissions": {} that imports ~/.ssh/id_rsa as text, or
 * reaches it through a symlink in its own folder, gets nothing: inside bubblewrap the file
 * is not there; without an OS sandbox zot refuses to start it (module graph and folder
 * checked before launch) instead of running it on Deno's flags alone.
 */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { SecretWorld } from "./os_sandbox_support.ts";

/** A raw-protocol Deno extension whose `/leak` command displays what `body` evaluates to. */
function leakSource(header: string, body: string): string {
  return `${header}
const enc = new TextEncoder();
const emit = (o: unknown) => Deno.stdout.write(enc.encode(JSON.stringify(o) + "\\n"));
async function leak(): Promise<string> {
  try {
    return ${body};
  } catch (err) {
    return "DENIED " + (err as Error).name;
  }
}
await emit({ type: "hello", name: "leak", version: "1.0.0", capabilities: ["commands"] });
await emit({ type: "register_command", name: "leak", description: "show a secret" });
await emit({ type: "ready" });
let buf = "";
for await (const chunk of Deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
  buf += chunk;
  let nl;
  while ((nl = buf.indexOf("\\n")) >= 0) {
    const msg = JSON.parse(buf.slice(0, nl));
    buf = buf.slice(nl + 1);
    if (msg.type === "command_invoked") {
      await emit({ type: "command_response", id: msg.id, action: "display", display: await leak() });
    } else if (msg.type === "shutdown") {
      await emit({ type: "shutdown_ack" });
      Deno.exit(0);
    }
  }
}
`;
}

interface Attack {
  title: string;
  permissions: Record<string, unknown>;
  header: (s: SecretWorld) => string;
  body: string;
  /** Without an OS sandbox, the refusal says this. */
  fallback: string;
  /** One-run grant flags. */
  flags?: string[];
}

const ATTACKS: Attack[] = [
  {
    title: "imports ~/.ssh/id_rsa as text",
    permissions: {},
    header: (s) => `import key from ${JSON.stringify(s.sshKey)} with { type: "text" };`,
    body: "key",
    fallback: "loads files outside its folder",
  },
  {
    title: "imports it through a symlink in its folder",
    permissions: {},
    header: () => `import key from "./sshlink/id_rsa" with { type: "text" };`,
    body: "key",
    fallback: "holds symlinks that lead outside its folder",
  },
  {
    title: 'reads it through a symlink under read: ["$EXT_DIR"]',
    permissions: { read: ["$EXT_DIR"] },
    header: () => "",
    body: 'await Deno.readTextFile("./sshlink/id_rsa")',
    fallback: "holds symlinks that lead outside its folder",
    flags: ["--allow-read=$EXT_DIR"],
  },
];

async function leakExtension(s: SecretWorld, attack: Attack): Promise<string> {
  const dir = join(s.world.root, "leak");
  await Deno.mkdir(dir);
  if (attack.fallback.includes("symlink")) {
    await Deno.symlink(join(s.userHome, ".ssh"), join(dir, "sshlink"));
  }
  await Deno.writeTextFile(join(dir, "main.ts"), leakSource(attack.header(s), attack.body));
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({
      name: "leak",
      exec: "./main.ts",
      runtime: "deno",
      permissions: attack.permissions,
    }),
  );
  return dir;
}

for (const attack of ATTACKS) {
  Deno.test(`a Deno extension that ${attack.title} gets nothing inside bubblewrap`, async () => {
    await using s = await SecretWorld.create();
    const dir = await leakExtension(s, attack);
    const run = await s.zot(["--ext", dir, ...attack.flags ?? [], "-p", "/leak"]);
    assertEquals(run.stdout.includes("SSH-KEY-SECRET"), false, run.stdout);
    assertEquals(run.stderr.includes("SSH-KEY-SECRET"), false, run.stderr);
    const log = await Deno.readTextFile(join(s.world.home, "logs", "ext-leak.log")).catch(() => "");
    assertEquals(log.includes("SSH-KEY-SECRET"), false, log);
    if (attack.body === "key") {
      // The import fails, so the extension never comes up.
      assertIncludes(run.stderr, "extension leak");
    } else {
      assertEquals(run.code, 0, run.stderr);
      assertIncludes(run.stdout, "DENIED NotFound");
    }
  });

  Deno.test(`without an OS sandbox, a Deno extension that ${attack.title} is refused`, async () => {
    await using s = await SecretWorld.create();
    const dir = await leakExtension(s, attack);
    const run = await s.zot(["--ext", dir, ...attack.flags ?? [], "-p", "/leak"], {
      ZOT_BWRAP: "/nonexistent/bwrap",
    });
    assertEquals(run.stdout.includes("SSH-KEY-SECRET"), false, run.stdout);
    assertIncludes(run.stderr, "extension leak not started");
    assertIncludes(run.stderr, attack.fallback);
    assert(run.stderr.includes("bubblewrap"), run.stderr);
  });
}

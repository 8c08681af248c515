/**
 * MCP entries through `zot ext`: add-mcp, import-mcp (asking, and --yes), list showing
 * `mcp`, disable, logs and check, each by running the real CLI against a temp ZOT_HOME,
 * with @modelcontextprotocol/server-everything from npm as the server.
 */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../../support/assert.ts";
import { mcpServerScript } from "../../support/mcp_servers.ts";
import { ProviderServer } from "../../support/provider_server.ts";

const REPO = join(import.meta.dirname!, "..", "..", "..");

type Run = { code: number; stdout: string; stderr: string };

class Place implements AsyncDisposable {
  readonly root: string;
  readonly home: string;
  readonly work: string;
  private constructor(root: string) {
    this.root = root;
    this.home = join(root, "home");
    this.work = join(root, "work");
  }
  static async create(): Promise<Place> {
    const place = new Place(await Deno.makeTempDir({ prefix: "zot-mcp-cli-" }));
    await Deno.mkdir(place.work, { recursive: true });
    return place;
  }
  async zot(args: string[], stdin?: string): Promise<Run> {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", join(REPO, "main.ts"), ...args],
      cwd: this.work,
      env: { ZOT_HOME: this.home, NO_COLOR: "1", ANTHROPIC_API_KEY: "test-key" },
      stdin: stdin === undefined ? "null" : "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    if (stdin !== undefined) {
      const writer = child.stdin.getWriter();
      await writer.write(new TextEncoder().encode(stdin));
      await writer.close();
    }
    const out = await child.output();
    const decoder = new TextDecoder();
    return {
      code: out.code,
      stdout: decoder.decode(out.stdout),
      stderr: decoder.decode(out.stderr),
    };
  }
  async [Symbol.asyncDispose](): Promise<void> {
    await Deno.remove(this.root, { recursive: true });
  }
}

type Row = { name: string; state: string; protocol: string | null; access: string | null };

async function listJson(place: Place): Promise<Row[]> {
  const run = await place.zot(["ext", "list", "--json"]);
  assertEquals(run.code, 0, run.stderr);
  return JSON.parse(run.stdout) as Row[];
}

Deno.test("add-mcp writes a stdio manifest; list shows it as mcp; check connects and lists its tools", async () => {
  await using place = await Place.create();
  const script = mcpServerScript("everything");
  const add = await place.zot([
    "ext",
    "add-mcp",
    "every",
    "-e",
    "A=1",
    "--",
    "node",
    script,
    "stdio",
  ]);
  assertEquals(add.code, 0, add.stderr);
  assertIncludes(add.stdout, 'added MCP server "every" (global)');
  const manifest = JSON.parse(
    await Deno.readTextFile(join(place.home, "extensions", "every", "extension.json")),
  );
  assertEquals(manifest.protocol, "mcp");
  assertEquals([manifest.exec, ...manifest.args], ["node", script, "stdio"]);
  assertEquals(manifest.env, { A: "1" });
  const [row] = await listJson(place);
  assertEquals([row.name, row.protocol, row.access], ["every", "mcp", "mcp, unrestricted"]);
  const plain = await place.zot(["ext", "list"]);
  assertIncludes(plain.stdout, "mcp, unrestricted");
  const check = await place.zot(["ext", "check", "every"]);
  assertEquals(check.code, 0, check.stdout + check.stderr);
  assertIncludes(check.stdout, "✓ MCP initialize  mcp-servers/everything");
  assertIncludes(check.stdout, "✓ tool mcp__every__echo");
  assertIncludes(check.stdout, "✓ prompt /mcp__every__args-prompt  arguments: city, state");
  assertIncludes(check.stdout, "✓ stop  closed cleanly");
});

Deno.test("add-mcp --url writes a remote manifest; a bad URL or no command is a usage error", async () => {
  await using place = await Place.create();
  const add = await place.zot([
    "ext",
    "add-mcp",
    "docs",
    "--url",
    "https://example.com/mcp",
    "-H",
    "Authorization: Bearer ${env:DOCS_TOKEN}",
  ]);
  assertEquals(add.code, 0, add.stderr);
  const manifest = JSON.parse(
    await Deno.readTextFile(join(place.home, "extensions", "docs", "extension.json")),
  );
  assertEquals(manifest.url, "https://example.com/mcp");
  assertEquals(manifest.headers, { Authorization: "Bearer ${env:DOCS_TOKEN}" });
  const [row] = await listJson(place);
  assertEquals(row.access, "mcp, remote example.com");
  const bad = await place.zot(["ext", "add-mcp", "x", "--url", "ftp://example.com"]);
  assertEquals(bad.code, 2, bad.stderr);
  assertIncludes(bad.stderr, `"url" must be an http:// or https:// URL`);
  const none = await place.zot(["ext", "add-mcp", "y"]);
  assertIncludes(none.stderr, "add-mcp needs a command after -- or --url <url>");
});

const MCP_JSON = {
  mcpServers: {
    every: { command: "node", args: ["server.js"], env: { KEY: "${SECRET}" } },
    web: { type: "http", url: "https://example.com/mcp", headers: { "X-Key": "${WEB_KEY}" } },
    old: { type: "sse", url: "https://example.com/sse" },
  },
};

Deno.test("import-mcp shows what it will add and adds nothing when the answer is no", async () => {
  await using place = await Place.create();
  await Deno.writeTextFile(join(place.work, ".mcp.json"), JSON.stringify(MCP_JSON));
  const run = await place.zot(["ext", "import-mcp"], "n\n");
  assertEquals(run.code, 0, run.stderr);
  assertIncludes(run.stderr, "+ every  stdio: node server.js");
  assertIncludes(run.stderr, "+ web  remote https://example.com/mcp");
  assertIncludes(run.stderr, "- old  skipped: SSE transport is not supported");
  assertIncludes(run.stderr, "Add 2 MCP server(s)");
  assertIncludes(run.stderr, "nothing added");
  assertEquals(await listJson(place), []);
});

Deno.test("import-mcp --yes adds a Claude Desktop config's servers with ${VAR} as ${env:VAR}", async () => {
  await using place = await Place.create();
  const file = join(place.root, "claude_desktop_config.json");
  await Deno.writeTextFile(file, JSON.stringify(MCP_JSON));
  const run = await place.zot(["ext", "import-mcp", file, "--yes", "--local"]);
  assertEquals(run.code, 0, run.stderr);
  assertIncludes(run.stdout, 'added MCP server "every" (project)');
  const dir = join(place.work, ".zot", "extensions");
  const every = JSON.parse(await Deno.readTextFile(join(dir, "every", "extension.json")));
  assertEquals(every.env, { KEY: "${env:SECRET}" });
  const web = JSON.parse(await Deno.readTextFile(join(dir, "web", "extension.json")));
  assertEquals(web.headers, { "X-Key": "${env:WEB_KEY}" });
  assertEquals((await listJson(place)).map((r) => [r.name, r.protocol]), [
    ["every", "mcp"],
    ["web", "mcp"],
  ]);
});

Deno.test("a disabled MCP extension offers no tools; logs show the server's stderr and log lines", async () => {
  await using place = await Place.create();
  await using server = await ProviderServer.start({ turns: [{ text: "a" }, { text: "b" }] });
  const script = mcpServerScript("everything");
  assertEquals((await place.zot(["ext", "add-mcp", "every", "--", "node", script])).code, 0);
  const run = ["--provider", "anthropic", "--model", "claude-sonnet-4-5", "--base-url", server.url];
  const on = await place.zot([...run, "-p", "hi"]);
  assertEquals(on.code, 0, on.stderr);
  const logs = await place.zot(["ext", "logs", "every"]);
  assertIncludes(logs.stdout, "Starting default (STDIO) server...");
  assertIncludes(logs.stdout, "initialized: mcp-servers/everything");
  assertEquals((await place.zot(["ext", "disable", "every"])).code, 0);
  assertEquals((await listJson(place))[0].state, "disabled");
  const off = await place.zot([...run, "-p", "hi"]);
  assertEquals(off.code, 0, off.stderr);
  const [first, second] = server.bodies() as { tools: { name: string }[] }[];
  assert.ok(first.tools.some((t) => t.name === "mcp__every__echo"), "offered while enabled");
  assert.ok(!second.tools.some((t) => t.name.startsWith("mcp__")), "none once disabled");
});

Deno.test("zot ext install of an MCP folder says what it is before asking", async () => {
  await using place = await Place.create();
  const dir = join(place.root, "remote");
  await Deno.mkdir(dir);
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "remote", protocol: "mcp", url: "https://example.com/mcp" }),
  );
  // --force: where install also runs the extension's check, an unreachable server fails it.
  const run = await place.zot(["ext", "install", dir, "--force"], "y\n");
  assertEquals(run.code, 0, run.stderr);
  assertIncludes(
    run.stderr,
    `"remote" is a remote MCP server: nothing runs on this machine; zot connects to ` +
      "https://example.com/mcp.",
  );
  assertEquals((await listJson(place)).map((r) => r.protocol), ["mcp"]);
});

Deno.test("trust: a project MCP server starts only once trusted; add-mcp --local is consent", async () => {
  await using place = await Place.create();
  await using server = await ProviderServer.start({
    turns: [{ text: "a" }, { text: "b" }, { text: "c" }],
  });
  const script = mcpServerScript("everything");
  // As if it came with a cloned repository: nobody here said yes to it.
  const dir = join(place.work, ".zot", "extensions", "cloned");
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "cloned", protocol: "mcp", exec: "node", args: [script] }),
  );
  const added = await place.zot(["ext", "add-mcp", "mine", "--local", "--", "node", script]);
  assertEquals(added.code, 0, added.stderr);
  const run = ["--provider", "anthropic", "--model", "claude-sonnet-4-5", "--base-url", server.url];
  const before = await place.zot([...run, "-p", "hi"]);
  assertEquals(before.code, 0, before.stderr);
  assertIncludes(before.stderr, "zot ext trust cloned");
  const trust = await place.zot(["ext", "trust", "cloned"]);
  assertEquals(trust.code, 0, trust.stderr);
  const after = await place.zot([...run, "-p", "hi"]);
  assertEquals(after.code, 0, after.stderr);
  const [first, second] = server.bodies() as { tools: { name: string }[] }[];
  const names = (body: { tools: { name: string }[] }) => body.tools.map((t) => t.name);
  assert.ok(names(first).includes("mcp__mine__echo"), "the added one runs at once");
  assert.ok(!names(first).some((n) => n.startsWith("mcp__cloned__")), "the cloned one waits");
  assert.ok(names(second).includes("mcp__cloned__echo"), "trusted, it runs");
  // An edit to its manifest takes the trust back.
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "cloned", protocol: "mcp", exec: "node", args: [script, "stdio"] }),
  );
  const edited = await place.zot([...run, "-p", "hi"]);
  assertIncludes(edited.stderr, "cloned");
  const third = server.bodies()[2] as { tools: { name: string }[] };
  assert.ok(!names(third).some((n) => n.startsWith("mcp__cloned__")), "modified: waits again");
});

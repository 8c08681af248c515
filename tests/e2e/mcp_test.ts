/**
 * MCP servers as extensions, end to end: the real zot CLI with the scripted provider,
 * against @modelcontextprotocol/server-everything from npm and a small SDK-built fixture
 * server (tests/fixtures/mcp/server.ts) for what the reference server cannot show on cue.
 */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { mcpServerScript, writeMcpExtension } from "../support/mcp_servers.ts";
import { httpFixture, remoteExtension } from "./mcp_support.ts";
import { created, REPO, World } from "./support.ts";

type Block = Record<string, unknown>;
type Body = { messages: { role: string; content: unknown }[]; tools: { name: string }[] };

const FIXTURE = join(REPO, "tests", "fixtures", "mcp", "fixture");

function toolResults(body: Body): Block[] {
  const last = body.messages.at(-1)!;
  return (last.content as Block[]).filter((b) => b.type === "tool_result");
}

function bodies(world: World): Body[] {
  return world.server.bodies() as Body[];
}

async function everything(world: World): Promise<string> {
  return await writeMcpExtension(world.root, "every", [mcpServerScript("everything"), "stdio"]);
}

Deno.test("the model calls server-everything's echo and get-tiny-image and gets text and an image", async () => {
  await using world = await World.create([
    {
      blocks: [
        { type: "tool_use", id: "e1", name: "mcp__every__echo", input: { message: "hi there" } },
        { type: "tool_use", id: "i1", name: "mcp__every__get-tiny-image", input: {} },
      ],
    },
    { text: "Seen both." },
  ]);
  const result = await world.run(["--ext", await everything(world), "-p", "use the tools"]);
  assertEquals(result.code, 0, result.stderr);
  assertEquals(result.stdout, "Seen both.\n");
  const offered = bodies(world)[0].tools.map((t) => t.name);
  for (const name of ["mcp__every__echo", "mcp__every__get-sum", "mcp__every__get-tiny-image"]) {
    assert.ok(offered.includes(name), `${name} is offered to the model: ${offered}`);
  }
  const [echo, image] = toolResults(bodies(world)[1]);
  assertEquals(echo.tool_use_id, "e1");
  assertEquals(echo.content, [{ type: "text", text: "Echo: hi there" }]);
  const blocks = image.content as Block[];
  const picture = blocks.find((b) => b.type === "image") as { source: Block } | undefined;
  assert.ok(
    picture,
    `an image block reached the provider: ${JSON.stringify(blocks).slice(0, 200)}`,
  );
  assertEquals(picture.source.type, "base64");
  assertEquals(picture.source.media_type, "image/png");
  assert.ok(String(picture.source.data).startsWith("iVBORw0KGgo"), "PNG data");
});

Deno.test("an MCP prompt runs as a slash command and its text goes to the model", async () => {
  await using world = await World.create([{ text: "It is sunny." }]);
  const ext = await everything(world);
  const result = await world.run(["--ext", ext, "-p", "/mcp__every__args-prompt Paris France"]);
  assertEquals(result.code, 0, result.stderr);
  const sent = JSON.stringify(bodies(world)[0].messages);
  assertIncludes(sent, "What's weather in Paris, France?");
});

Deno.test("a prompt with a missing required argument says how to call it", async () => {
  await using world = await World.create([]);
  const result = await world.run(["--ext", FIXTURE, "-p", "/mcp__fix__greet"]);
  assertIncludes(result.stderr + result.stdout, "needs name; usage: <name>");
  assertEquals(world.server.bodies().length, 0);
});

Deno.test("tools/list_changed: a tool the server adds during a call is offered at the next step", async () => {
  await using world = await World.create([
    { blocks: [{ type: "tool_use", id: "g1", name: "mcp__fix__grow", input: {} }] },
    { blocks: [{ type: "tool_use", id: "g2", name: "mcp__fix__grown", input: {} }] },
    { text: "grown." },
  ]);
  const result = await world.run(["--ext", FIXTURE, "-p", "grow"]);
  assertEquals(result.code, 0, result.stderr);
  const [first, second, third] = bodies(world);
  assert.ok(!first.tools.some((t) => t.name === "mcp__fix__grown"), "not there at first");
  assert.ok(second.tools.some((t) => t.name === "mcp__fix__grown"), "offered after the refresh");
  assertEquals(toolResults(third)[0].content, [{ type: "text", text: "grown ok" }]);
  // The server's log message went to the extension's log.
  const log = await Deno.readTextFile(join(world.home, "logs", "ext-fix.log"));
  assertIncludes(log, "server log info fixture: growing now");
  assertIncludes(log, "tools list changed; listing again");
});

Deno.test("isError and structured content reach the model as they are meant", async () => {
  await using world = await World.create([
    {
      blocks: [
        { type: "tool_use", id: "f1", name: "mcp__fix__fail", input: {} },
        { type: "tool_use", id: "s1", name: "mcp__fix__structured", input: {} },
      ],
    },
    { text: "ok" },
  ]);
  const result = await world.run(["--ext", FIXTURE, "-p", "go"]);
  assertEquals(result.code, 0, result.stderr);
  const [fail, structured] = toolResults(bodies(world)[1]);
  assertEquals(fail.is_error, true);
  assertIncludes(JSON.stringify(fail.content), "it broke");
  assert.ok(!structured.is_error, "structured is not an error");
  assertIncludes(JSON.stringify(structured.content), '\\"temp\\": 21');
});

Deno.test("arguments that break the MCP tool's input schema never reach the server", async () => {
  await using world = await World.create([
    { blocks: [{ type: "tool_use", id: "w1", name: "mcp__fix__wait", input: { seconds: "x" } }] },
    { text: "ok" },
  ]);
  const mark = join(world.root, "mark");
  const result = await world.run(["--ext", FIXTURE, "-p", "go"], { env: { FIXTURE_MARK: mark } });
  assertEquals(result.code, 0, result.stderr);
  const [sent] = toolResults(bodies(world)[1]);
  assertEquals(sent.is_error, true);
  const text = JSON.stringify(sent.content);
  assertIncludes(text, "seconds");
  // zot's own check answered: neither the SDK server's validation nor the tool ran.
  assert.ok(!text.includes("Input validation error"), text);
  assert.ok(!text.includes("cancelled"), text);
});

Deno.test("Ctrl-C during an MCP tool call sends notifications/cancelled to the server", async () => {
  await using world = await World.create([
    { blocks: [{ type: "tool_use", id: "w1", name: "mcp__fix__wait", input: { seconds: 600 } }] },
  ]);
  const mark = join(world.root, "mark");
  const child = new Deno.Command(Deno.execPath(), {
    args: world.args("--ext", FIXTURE, "--json", "wait"),
    cwd: world.work,
    env: world.env({ FIXTURE_MARK: mark }),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const output = child.output();
  await created(`${mark}.started`);
  child.kill("SIGINT");
  const out = await output;
  assertEquals(await Deno.readTextFile(mark), "cancelled (notified)");
  const events = new TextDecoder().decode(out.stdout);
  assertIncludes(events, '"is_error":true');
  assertIncludes(events, '"stop":"aborted"');
});

Deno.test("a remote MCP server over streamable HTTP on loopback, with a header from the environment", async () => {
  await using server = await httpFixture();
  await using world = await World.create([
    { blocks: [{ type: "tool_use", id: "h1", name: "mcp__remote__whoami", input: {} }] },
    { text: "done" },
  ]);
  const ext = await remoteExtension(world, server.url);
  const result = await world.run(["--ext", ext, "-p", "who am I?"], {
    env: { FIX_TOKEN: "s3cret" },
  });
  assertEquals(result.code, 0, result.stderr);
  const [sent] = toolResults(bodies(world)[1]);
  assertEquals(sent.content, [{ type: "text", text: "auth=Bearer s3cret" }]);
  // The manifest never held the secret; the log does not either.
  const log = await Deno.readTextFile(join(world.home, "logs", "ext-remote.log"));
  assert.ok(!log.includes("s3cret"), log);
});

Deno.test("a remote server whose header needs an unset variable is refused, naming it", async () => {
  await using world = await World.create([{ text: "ok" }]);
  const ext = await remoteExtension(world, "http://127.0.0.1:9/mcp");
  const result = await world.run(["--ext", ext, "-p", "hi"]);
  assertIncludes(result.stderr, "${env:FIX_TOKEN}");
  assertIncludes(result.stderr, "which is not set");
  const offered = bodies(world)[0].tools.map((t) => t.name);
  assert.ok(!offered.some((n) => n.startsWith("mcp__remote__")), `${offered}`);
});

Deno.test("zot stops a stdio MCP server on exit: no process is left", async () => {
  await using world = await World.create([{ text: "ok" }]);
  // A mark only this run's server carries on its command line. (A PID would not do: where
  // bwrap exists the server runs in its own PID namespace, so its own PID means nothing here.)
  const mark = `--zot-test-mark=${world.root}`;
  const server = join(REPO, "tests", "fixtures", "mcp", "server.ts");
  const ext = await writeMcpExtension(world.root, "fix", [], {
    exec: Deno.execPath(),
    args: ["run", "-A", server, "stdio", mark],
  });
  const result = await world.run(["--ext", ext, "-p", "hi"]);
  assertEquals(result.code, 0, result.stderr);
  const log = await Deno.readTextFile(join(world.home, "logs", "ext-fix.log"));
  assertIncludes(log, "initialized: zot-fixture");
  assertIncludes(log, "stopped at");
  assert.ok(!log.includes("SIGKILL"), "it exited when its stdin closed");
  const ps = await new Deno.Command("ps", { args: ["-eo", "args"], stderr: "null" }).output();
  const left = new TextDecoder().decode(ps.stdout).split("\n").filter((l) => l.includes(mark));
  assertEquals(left, [], "no process of this run's server is left");
});

Deno.test("a server that writes garbage and dies before initialize is refused; zot carries on", async () => {
  await using world = await World.create([{ text: "still here" }]);
  const ext = await writeMcpExtension(world.root, "junk", [], {
    exec: "sh",
    args: ["-c", 'echo \'not json at all\'; echo \'{"jsonrpc":"2.0","bogus":1}\'; exit 3'],
  });
  const result = await world.run(["--ext", ext, "-p", "hi"]);
  assertEquals(result.code, 0, result.stderr);
  assertEquals(result.stdout, "still here\n");
  assertIncludes(result.stderr, "junk");
  const log = await Deno.readTextFile(join(world.home, "logs", "ext-junk.log"));
  assertIncludes(log, "not a JSON-RPC message");
  assertIncludes(log, "exited with code 3 before initialize");
});

Deno.test("MCP progress notifications reach zot's tool progress", async () => {
  await using world = await World.create([
    {
      blocks: [{
        type: "tool_use",
        id: "p1",
        name: "mcp__every__trigger-long-running-operation",
        input: { duration: 0.2, steps: 2 },
      }],
    },
    { text: "done" },
  ]);
  const result = await world.run(["--ext", await everything(world), "--json", "go"]);
  assertEquals(result.code, 0, result.stderr);
  const progress = result.stdout.trim().split("\n").map((l) => JSON.parse(l))
    .filter((e) => e.type === "tool_progress");
  // The last notification races the result it precedes (the SDK drops progress for a request
  // it has just answered), so only the first one is certain.
  assertEquals([progress[0]?.id, progress[0]?.text], ["p1", "(50%)"]);
});

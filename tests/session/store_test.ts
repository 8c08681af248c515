import { join } from "node:path";
import { ZotPaths } from "../../src/config/mod.ts";
import { ConfigError } from "../../src/errors/mod.ts";
import type { Message, Usage } from "../../src/messages/mod.ts";
import { ABORTED_TOOL_RESULT, cwdHash, SessionStore } from "../../src/session/mod.ts";
import { assert, assertEquals, assertRejects } from "../support/assert.ts";

interface Env {
  home: string;
  cwd: string;
  store: SessionStore;
}

async function withStore(fn: (env: Env) => Promise<void>, now?: () => Date): Promise<void> {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-session-test-" }));
  try {
    const home = join(base, "home");
    const cwd = join(base, "project");
    await Deno.mkdir(cwd);
    await fn({
      home,
      cwd,
      store: new SessionStore({ paths: new ZotPaths(home), version: "9.9.9", now }),
    });
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

function user(text: string): Message {
  return { role: "user", content: [{ type: "text", text }], time: "2025-01-01T00:00:00.000Z" };
}

function usage(costUsd: number): Usage {
  return { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, costUsd };
}

async function fileLines(path: string): Promise<Record<string, unknown>[]> {
  const text = await Deno.readTextFile(path);
  return text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
}

Deno.test("session: file lives under the cwd hash with a UTC stamp and starts with meta", async () => {
  await withStore(async ({ home, cwd, store }) => {
    const session = await store.create({
      cwd: cwd + "/./",
      model: "claude",
      provider: "anthropic",
    });
    const hash = await cwdHash(cwd);
    assert.match(hash, /^[0-9a-f]{16}$/);
    const name = session.path.slice(join(home, "sessions", hash).length + 1);
    assertEquals(name, `20240229-235958-${session.id.replace(/-/g, "").slice(0, 8)}.jsonl`);
    const [meta] = await fileLines(session.path);
    assertEquals(meta, {
      type: "meta",
      meta: {
        id: session.id,
        cwd,
        model: "claude",
        provider: "anthropic",
        started: "2024-02-29T23:59:58.000Z",
        version: "9.9.9",
      },
    });
    await session.append(user("hi"));
    await session.close();
  }, () => new Date(Date.UTC(2024, 1, 29, 23, 59, 58)));
});

Deno.test("session: every append is on disk as one line before it returns", async () => {
  await withStore(async ({ cwd, store }) => {
    const session = await store.create({ cwd, model: "m", provider: "p" });
    await session.append(user("one"));
    assertEquals((await fileLines(session.path)).map((l) => l.type), ["meta", "message"]);
    await session.appendUsage(usage(0.5), usage(0.5));
    const message: Message = {
      role: "assistant",
      content: [{ type: "text", text: "two" }],
      time: "2025-01-01T00:00:01.000Z",
      stopReason: "end",
    };
    // Not awaited one by one: the order of calls is the order of lines.
    await Promise.all([session.append(message), session.appendUsage(usage(1), usage(1.5))]);
    const lines = await fileLines(session.path);
    assertEquals(lines.map((l) => l.type), ["meta", "message", "usage", "message", "usage"]);
    assertEquals(lines[3], { type: "message", message });
    assertEquals(lines[4], { type: "usage", usage: usage(1), cumulative: usage(1.5) });
    await session.close();
    await assertRejects(() => session.append(user("late")), Error);
  });
});

Deno.test("session: a session closed without messages is removed; one with messages stays", async () => {
  await withStore(async ({ cwd, store }) => {
    const empty = await store.create({ cwd, model: "m", provider: "p" });
    await empty.appendUsage(usage(0), usage(0));
    await empty.close();
    await assertRejects(() => Deno.stat(empty.path), Deno.errors.NotFound);
    const kept = await store.create({ cwd, model: "m", provider: "p" });
    await kept.append(user("x"));
    await kept.close();
    await kept.close();
    assert.ok((await Deno.stat(kept.path)).isFile);
  });
});

Deno.test("session: open reloads messages, meta changes and cumulative usage, and appends on", async () => {
  await withStore(async ({ cwd, store }) => {
    const first = await store.create({ cwd, model: "m1", provider: "p" });
    await first.append(user("hello"));
    await first.appendUsage(usage(0.25), usage(0.25));
    await first.updateMeta({ model: "m2" });
    await first.close();

    const again = await store.open(first.path);
    assertEquals(again.loaded, [user("hello")]);
    assertEquals(again.meta.model, "m2");
    assertEquals(again.cumulative.costUsd, 0.25);
    assertEquals(again.report, {
      skippedLines: 0,
      droppedTailBytes: 0,
      stubbedResults: 0,
      orphanedResults: 0,
    });
    await again.append(user("more"));
    await again.close();
    const third = await store.open(first.path);
    assertEquals(third.loaded.length, 2);
    await third.close();
    assert.ok((await Deno.stat(first.path)).isFile, "a reopened session with messages is kept");

    const missing = await assertRejects(() => store.open(join(cwd, "nope.jsonl")), ConfigError);
    assertEquals(missing.code, "session_not_found");
  });
});

Deno.test("session: a torn last line is cut off the file and appends continue cleanly", async () => {
  await withStore(async ({ cwd, store }) => {
    const session = await store.create({ cwd, model: "m", provider: "p" });
    await session.append(user("kept"));
    await session.close();
    const good = await Deno.readTextFile(session.path);
    await Deno.writeTextFile(session.path, '{"type":"message","message":{"role":"us', {
      append: true,
    });

    const reopened = await store.open(session.path);
    assertEquals(reopened.loaded, [user("kept")]);
    assertEquals(reopened.report.droppedTailBytes, 39);
    assertEquals(
      await Deno.readTextFile(session.path),
      good,
      "the file is truncated to the last good line",
    );
    await reopened.append(user("after"));
    await reopened.close();
    const lines = await fileLines(session.path);
    assertEquals(lines.length, 3, "every line parses after the repair");
  });
});

Deno.test("session: corrupt middle lines are skipped and counted; a good unterminated tail is kept", async () => {
  await withStore(async ({ cwd, store }) => {
    const session = await store.create({ cwd, model: "m", provider: "p" });
    await session.append(user("a"));
    await session.close();
    await Deno.writeTextFile(
      session.path,
      'not json\n{"type":"message","message":{"role":"user","content":"wrong"}}\n\n' +
        JSON.stringify({ type: "message", message: user("b") }),
      { append: true },
    );
    const reopened = await store.open(session.path);
    assertEquals(reopened.loaded, [user("a"), user("b")]);
    assertEquals(reopened.report.skippedLines, 2);
    assertEquals(reopened.report.droppedTailBytes, 0);
    await reopened.append(user("c"));
    await reopened.close();
    const again = await store.open(session.path);
    assertEquals(again.loaded, [user("a"), user("b"), user("c")]);
    await again.close();
  });
});

Deno.test("session: a file that is not a session is refused and left exactly as it was", async () => {
  await withStore(async ({ cwd, store }) => {
    const cases = {
      "notes.md": "# Notes\n\nsome text\nlast line without newline",
      "events.jsonl": '{"event":"click"}\n{"event":"scroll"}\n',
      "one-line.txt": "hello",
    };
    for (const [name, text] of Object.entries(cases)) {
      const path = join(cwd, name);
      await Deno.writeTextFile(path, text);
      const err = await assertRejects(() => store.open(path), ConfigError);
      assertEquals(err.code, "not_a_session");
      assert.match(err.message, /is not a zot session file.*left unchanged/);
      assertEquals(await Deno.readTextFile(path), text, `${name} is untouched`);
    }
  });
});

Deno.test("session: only a torn unterminated last line is cut; corrupt complete lines are kept", async () => {
  await withStore(async ({ cwd, store }) => {
    const session = await store.create({ cwd, model: "m", provider: "p" });
    await session.append(user("a"));
    await session.close();
    const tail = '{"typo": \nnot json either\n';
    await Deno.writeTextFile(session.path, tail, { append: true });
    const before = await Deno.readTextFile(session.path);
    const reopened = await store.open(session.path);
    assertEquals(reopened.loaded, [user("a")]);
    assertEquals(reopened.report.skippedLines, 2);
    assertEquals(reopened.report.droppedTailBytes, 0);
    assertEquals(await Deno.readTextFile(session.path), before, "complete lines are never cut");
    await reopened.close();
  });
});

Deno.test("session: a reopened session without readable messages is not deleted on close", async () => {
  await withStore(async ({ cwd, store }) => {
    const session = await store.create({ cwd, model: "m", provider: "p" });
    await session.close();
    // A message of a newer zot: valid JSON this version cannot decode.
    const meta = JSON.stringify({ type: "meta", meta: session.meta });
    const future = JSON.stringify({
      type: "message",
      message: { role: "user", content: [{ type: "hologram", data: "…" }] },
    });
    await Deno.writeTextFile(session.path, `${meta}\n${future}\n`);
    const reopened = await store.open(session.path);
    assertEquals(reopened.loaded, []);
    assertEquals(reopened.report.skippedLines, 1);
    await reopened.close();
    assertEquals(await Deno.readTextFile(session.path), `${meta}\n${future}\n`);
  });
});

Deno.test("session: tool calls without results get stubs; orphan results are dropped", async () => {
  await withStore(async ({ cwd, store }) => {
    const session = await store.create({ cwd, model: "m", provider: "p" });
    const t = "2025-01-01T00:00:00.000Z";
    await session.append(user("go"));
    await session.append({
      role: "assistant",
      time: t,
      content: [
        { type: "tool_call", id: "c1", name: "read", args: { path: "a" } },
        { type: "tool_call", id: "c2", name: "bash", args: { command: "ls" } },
      ],
    });
    await session.append({
      role: "tool",
      time: t,
      content: [
        {
          type: "tool_result",
          callId: "c2",
          content: [{ type: "text", text: "ok" }],
          isError: false,
        },
        { type: "tool_result", callId: "zz", content: [], isError: false },
      ],
    });
    await session.append({
      role: "tool",
      time: t,
      content: [{ type: "tool_result", callId: "c9", content: [], isError: false }],
    });
    await session.append({
      role: "assistant",
      time: t,
      content: [{ type: "tool_call", id: "c3", name: "read", args: {} }],
    });
    await session.close();

    const reopened = await store.open(session.path);
    const roles = reopened.loaded.map((m) => m.role);
    assertEquals(roles, ["user", "assistant", "tool", "assistant", "tool"]);
    const firstResults = reopened.loaded[2];
    assert.ok(firstResults.role === "tool");
    assertEquals(firstResults.content.map((b) => b.callId), ["c1", "c2"]);
    assertEquals(firstResults.content[0].content, [{ type: "text", text: ABORTED_TOOL_RESULT }]);
    assertEquals(firstResults.content[0].isError, true);
    const last = reopened.loaded[4];
    assert.ok(last.role === "tool");
    assertEquals(last.content[0].callId, "c3");
    assertEquals(reopened.report.stubbedResults, 2);
    assertEquals(reopened.report.orphanedResults, 2);
    await reopened.close();
  });
});

Deno.test("session: files of the original zot (untyped blocks, snake_case usage) load", async () => {
  await withStore(async ({ cwd, store }) => {
    const dir = await store.dirFor(cwd);
    await Deno.mkdir(dir, { recursive: true });
    const path = join(dir, "20250101-000000-abcdef12.jsonl");
    const lines = [
      {
        type: "meta",
        meta: {
          id: "abcdef12-0000",
          cwd,
          model: "m",
          provider: "p",
          started: "2025-01-01T00:00:00Z",
          version: "0.1",
        },
      },
      {
        type: "message",
        message: {
          role: "user",
          content: [{ text: "look" }, { mime_type: "image/png", data: "AAAA" }],
          time: "t",
        },
      },
      {
        type: "message",
        message: {
          role: "assistant",
          content: [{ text: "ok" }, { id: "x1", name: "read", arguments: { path: "a" } }],
          time: "t",
        },
      },
      {
        type: "message",
        message: {
          role: "tool",
          content: [{ call_id: "x1", content: [{ text: "data" }], is_error: false }],
          time: "t",
        },
      },
      {
        type: "usage",
        usage: { input_tokens: 5, cost_usd: 0.1 },
        cumulative: { input_tokens: 5, output_tokens: 2, cost_usd: 0.1 },
      },
      { type: "rename", title: "Renamed" },
      { type: "from_a_newer_zot", data: 1 },
    ];
    await Deno.writeTextFile(path, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const session = await store.open(path);
    assertEquals(session.loaded[0].content, [
      { type: "text", text: "look" },
      { type: "image", mimeType: "image/png", data: "AAAA" },
    ]);
    assertEquals(session.loaded[1].content[1], {
      type: "tool_call",
      id: "x1",
      name: "read",
      args: { path: "a" },
    });
    assertEquals(session.loaded[2].content[0], {
      type: "tool_result",
      callId: "x1",
      content: [{ type: "text", text: "data" }],
      isError: false,
    });
    assertEquals(session.cumulative, {
      input: 5,
      output: 2,
      cacheRead: 0,
      cacheWrite: 0,
      costUsd: 0.1,
    });
    assertEquals(session.meta.title, "Renamed");
    assertEquals(session.report.skippedLines, 1, "the unknown line is skipped");
    assertEquals(session.report.droppedTailBytes, 0, "valid JSON is never cut off the file");
    await session.close();
  });
});

Deno.test("session: rewrite replaces the transcript atomically and keeps the usage total", async () => {
  await withStore(async ({ cwd, store }) => {
    const session = await store.create({ cwd, model: "m", provider: "p" });
    for (const text of ["a", "b", "c"]) await session.append(user(text));
    await session.appendUsage(usage(2), usage(2));
    await session.rewrite([user("summary")]);
    await session.append(user("d"));
    await session.close();
    const reopened = await store.open(session.path);
    assertEquals(reopened.loaded, [user("summary"), user("d")]);
    assertEquals(reopened.cumulative.costUsd, 2);
    await reopened.close();
    assertEquals([...Deno.readDirSync(await store.dirFor(cwd))].length, 1, "no temp file left");
  });
});

Deno.test("session: list shows sessions with messages, most recently written first; latest is the first", async () => {
  let tick = 0;
  await withStore(async ({ cwd, store }) => {
    assertEquals(await store.list(cwd), []);
    assertEquals(await store.latest(cwd), undefined);
    const old = await store.create({ cwd, model: "m-old", provider: "p" });
    await old.append(user("first   prompt\nof the old one"));
    await old.appendUsage(usage(0.5), usage(0.5));
    await old.close();
    const fresh = await store.create({ cwd, model: "m-new", provider: "p" });
    await fresh.append(user("x".repeat(200)));
    await fresh.append(user("second"));
    await fresh.close();
    const open = await store.create({ cwd, model: "empty", provider: "p" });
    const other = await store.create({ cwd: join(cwd, "sub"), model: "elsewhere", provider: "p" });
    await other.append(user("not this project"));
    await other.close();

    await Deno.utime(old.path, new Date(2030, 0, 2), new Date(2030, 0, 2));
    await Deno.utime(fresh.path, new Date(2030, 0, 1), new Date(2030, 0, 1));
    let list = await store.list(cwd);
    assertEquals(
      list.map((s) => s.model),
      ["m-old", "m-new"],
      "the meta-only session is not listed",
    );
    assertEquals(list[0].firstPrompt, "first prompt of the old one");
    assertEquals(list[0].costUsd, 0.5);
    assertEquals(list[0].messageCount, 1);
    assertEquals(list[0].started, old.meta.started);
    assertEquals(list[1].firstPrompt, "x".repeat(119) + "…");
    assertEquals(list[1].messageCount, 2);

    await Deno.utime(fresh.path, new Date(2030, 0, 3), new Date(2030, 0, 3));
    list = await store.list(cwd);
    assertEquals(list.map((s) => s.id), [fresh.id, old.id]);
    assertEquals((await store.latest(cwd))?.path, fresh.path);
    await open.close();
  }, () => new Date(Date.UTC(2025, 0, 1, 0, 0, tick++)));
});

Deno.test("session: a writer killed mid-session loses nothing it reported as appended", async () => {
  await withStore(async ({ home, cwd, store }) => {
    const fixture = new URL("../fixtures/session/writer.ts", import.meta.url).pathname;
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", fixture, home, cwd],
      stdout: "piped",
      stderr: "inherit",
      stdin: "null",
    }).spawn();
    const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    let path = "";
    let confirmed = -1;
    while (confirmed < 200) {
      const { value, done } = await lines.read();
      if (done) break;
      buffer += value;
      const parts = buffer.split("\n");
      buffer = parts.pop()!;
      for (const line of parts) {
        if (line.startsWith("path ")) path = line.slice(5);
        if (line.startsWith("appended ")) confirmed = Number(line.slice(9));
      }
    }
    child.kill("SIGKILL");
    await child.status;
    await lines.cancel();
    assert.ok(path !== "" && confirmed >= 200, `writer confirmed ${confirmed}`);

    const session = await store.open(path);
    const texts = session.loaded.map((m) =>
      m.content[0].type === "text" ? m.content[0].text.split(" ")[0] : ""
    );
    assert.ok(
      texts.length >= confirmed + 1,
      `${texts.length} messages for ${confirmed + 1} confirmed`,
    );
    texts.forEach((text, i) => assertEquals(text, `m${i}`));
    assertEquals(session.report.skippedLines, 0);
    await session.append(user("resumed"));
    await session.close();
    const after = await store.open(path);
    assertEquals(after.loaded.at(-1), user("resumed"));
    assertEquals(after.report.droppedTailBytes, 0);
    await after.close();
  });
});

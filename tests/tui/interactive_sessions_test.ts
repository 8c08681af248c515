/** Interactive mode with real sessions: status of a resumed session, and /sessions resuming one. */

import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { FakeProvider, say, usage } from "../support/fake_provider.ts";
import { Agent } from "../../src/agent/mod.ts";
import { ZotPaths } from "../../src/config/mod.ts";
import { ExtensionBus, type ModeContext } from "../../src/modes/context.ts";
import { contextTokens, interactiveController } from "../../src/modes/interactive.ts";
import { readSessionFile, type Session, SessionStore } from "../../src/session/mod.ts";
import { ChatApp } from "../../src/tui/mod.ts";
import { VirtualTerminal, waitForScreen, waitForText } from "./support/virtual_terminal.ts";

const cwd = "/work/project-x";

/** A saved session: one prompt, one answer that used 600 tokens, $0.25 so far. */
async function savedSession(store: SessionStore, prompt: string): Promise<string> {
  const s = await store.create({ cwd, model: "m-1", provider: "fake" });
  const u = { ...usage(500, 100), costUsd: 0.25 };
  await s.append({ role: "user", content: [{ type: "text", text: prompt }], time: "t" });
  await s.append({
    role: "assistant",
    content: [{ type: "text", text: `answer to ${prompt}` }],
    time: "t",
    usage: u,
  });
  await s.appendUsage(u, u);
  await s.close();
  return s.path;
}

function context(agent: Agent): ModeContext {
  return {
    agent,
    bus: new ExtensionBus(),
    slash: { commands: () => [], invoke: () => Promise.reject(new Error("none")) },
    output: { out: () => {}, err: () => {} },
    version: "0.0.0-test",
    models: () => [{
      id: "m-1",
      provider: "fake",
      contextWindow: 1000,
      maxOutput: 100,
      reasoning: false,
    }],
  };
}

async function open(agent: Agent, opts: Partial<Parameters<typeof interactiveController>[0]>) {
  const vt = new VirtualTerminal(120, 26);
  const ctl = interactiveController({
    ctx: context(agent),
    credentials: { ok: true },
    color: false,
    ...opts,
  });
  const app = new ChatApp(ctl, { terminal: vt, color: false });
  const running = app.run();
  await waitForText(vt, "type a message");
  return {
    vt,
    waitFor: (t: string) => waitForText(vt, t),
    until: (p: (s: string) => boolean) => waitForScreen(vt, p),
    close: async () => {
      app.requestExit();
      await running;
      await vt.flush();
      vt.dispose();
    },
  };
}

Deno.test("interactive: a resumed session opens with its cost and context use in the status bar", async () => {
  const home = await Deno.makeTempDir();
  try {
    const store = new SessionStore({ paths: new ZotPaths(home) });
    const session = await store.open(await savedSession(store, "earlier question"));
    const agent = new Agent({
      provider: new FakeProvider([say("later answer", usage(700, 50))]),
      model: "m-1",
      system: "sys",
      cwd,
      session,
      history: session.loaded,
      usageSeed: session.cumulative,
    });
    assertEquals(contextTokens(agent.messages), 600);
    const h = await open(agent, {});
    try {
      const screen = await h.waitFor("answer to earlier question");
      assertIncludes(screen, "fake/m-1 · ctx 60% · $0.2500");
    } finally {
      await h.close();
      await session.close();
    }
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("interactive: /sessions resumes a saved session; the next turn is written to it", async () => {
  const home = await Deno.makeTempDir();
  try {
    const store = new SessionStore({ paths: new ZotPaths(home) });
    const saved = await savedSession(store, "how do I parse toml");
    let current: Session | undefined = await store.create({ cwd, model: "m-1", provider: "fake" });
    const fresh = current.path;
    const agent = new Agent({
      provider: new FakeProvider([say("first here"), say("continued there")]),
      model: "m-1",
      system: "sys",
      cwd,
      session: current,
    });
    const h = await open(agent, {
      listSessions: () => store.list(cwd),
      currentSession: () => current?.path,
      // What run_root does: open the chosen one, point the agent at it, close the old one.
      resumeSession: async (path) => {
        const next = await store.open(path);
        agent.resume(next, next.loaded, next.cumulative);
        const previous = current;
        current = next;
        await previous?.close();
      },
    });
    try {
      h.vt.send("a new question\r");
      await h.waitFor("first here");
      h.vt.send("/sessions\r");
      const list = await h.waitFor("resume a session");
      assert.match(list, /m-1 {2}2 msgs {2}\$0\.0000 \* +a new question/);
      assert.match(list, /m-1 {2}2 msgs {2}\$0\.2500 +how do I parse toml/);
      // Newest first; the two may share an mtime, so move until the saved one is chosen.
      if (!/→ .*how do I parse toml/.test(list)) h.vt.send("\x1b[B");
      await h.until((s) => /→ .*how do I parse toml/.test(s));
      h.vt.send("\r");
      const screen = await h.waitFor(`resumed ${saved} (2 messages)`);
      assertIncludes(screen, "answer to how do I parse toml");
      assert.ok(!screen.includes("first here"), screen);
      assertIncludes(screen, "ctx 60% · $0.2500");
      h.vt.send("and yaml?\r");
      await h.waitFor("continued there");
    } finally {
      await h.close();
      await current?.close();
    }
    const file = await readSessionFile(saved);
    assertEquals(
      file.messages.map((m) => m.content.map((b) => "text" in b ? b.text : "").join("")),
      ["how do I parse toml", "answer to how do I parse toml", "and yaml?", "continued there"],
    );
    const other = await readSessionFile(fresh);
    assertEquals(other.messages.length, 2, "the session we left keeps its own messages");
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("interactive: /sessions without a resume hook, or a resume failure, reports it", async () => {
  const home = await Deno.makeTempDir();
  try {
    const store = new SessionStore({ paths: new ZotPaths(home) });
    const saved = await savedSession(store, "old one");
    const agent = new Agent({ provider: new FakeProvider([]), model: "m-1", system: "s", cwd });
    const h = await open(agent, { listSessions: () => store.list(cwd) });
    try {
      h.vt.send("/sessions\r");
      await h.waitFor("old one");
      h.vt.send("\r");
      await h.waitFor(`sessions cannot be resumed here; run zot --session ${saved.slice(0, 20)}`);
    } finally {
      await h.close();
    }
    const broken = await open(agent, {
      listSessions: () => store.list(cwd),
      resumeSession: () => Promise.reject(new Error("disk on fire")),
    });
    try {
      broken.vt.send("/sessions\r");
      await broken.waitFor("old one");
      broken.vt.send("\r");
      await broken.waitFor("disk on fire");
      assertEquals(agent.messages.length, 0);
    } finally {
      await broken.close();
    }
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

/**
 * End-to-end: the real TUI on a real terminal (tmux), driven by a scripted controller
 * (tests/tui/fixtures/scripted_tui.ts). The agent-backed run is in tmux_zot_test.ts.
 */

import { assert, assertIncludes } from "../support/assert.ts";
import { submit, TmuxSession } from "./support/tmux.ts";

const fixture = new URL("./fixtures/scripted_tui.ts", import.meta.url).pathname;

async function start(): Promise<TmuxSession> {
  const s = await TmuxSession.start([Deno.execPath(), "run", "-A", fixture], {
    cols: 100,
    rows: 30,
  });
  await s.waitFor("type a message");
  return s;
}

Deno.test("tmux: a typed prompt streams an answer; resize re-renders", async () => {
  await using s = await start();
  await submit(s, "hello tui");
  await s.waitFor("answer: hello tui");
  await s.waitFor("(end)");
  await s.resize(50, 30);
  const narrow = await s.waitFor((p) => p.split("\n").some((l) => l === "─".repeat(50)));
  for (const l of narrow.split("\n")) assert.ok(l.length <= 50, `too wide: ${l}`);
  assertIncludes(narrow, "answer: hello tui");
});

Deno.test("tmux: / shows the popup with extension commands; insert and display work", async () => {
  await using s = await start();
  await s.type("/");
  await s.waitFor("/help ");
  await s.send(["Up"]); // the popup shows 10 rows; Up wraps to the extension commands
  const popup = await s.waitFor("── extensions");
  assertIncludes(popup, "/board");
  assertIncludes(popup, "open a panel (kanban)");
  await submit(s, "ins");
  await s.waitFor("inserted by demo");
  await s.send(["C-u"]);
  await s.waitFor((p) => !p.includes("inserted by demo"));
  await submit(s, "/show");
  await s.waitFor("[demo] a one-off note");
  await submit(s, "/fail");
  await s.waitFor("extension /fail: it broke");
});

Deno.test("tmux: a notify during streaming shows; Esc cancels; a queued message runs after the turn", async () => {
  await using s = await start();
  await submit(s, "notify me");
  await s.waitFor("[wx] storm warning");
  await submit(s, "queued one");
  await s.waitFor("sliding in: queued one");
  await s.waitFor("answer: queued one");
  await s.waitFor((p) => !p.includes("sliding in"));
  await submit(s, "slow please");
  await s.waitFor("starting slowly");
  await submit(s, "never runs");
  await s.waitFor("sliding in: never runs");
  await s.send(["Escape"]);
  await s.waitFor("dropped 1 queued message");
  const after = await s.waitFor((p) => !p.includes("sliding in"));
  assert.ok(!after.includes("answer: never runs"));
});

Deno.test("tmux: a panel takes keys and Esc closes it; Ctrl-C twice exits", async () => {
  await using s = await start();
  await submit(s, "/board");
  await s.waitFor("╭─ Board");
  await s.send(["Down"]);
  await s.waitFor("last key: down");
  await s.type("q");
  await s.waitFor("last key: rune q");
  await s.send(["Escape"]);
  await s.waitFor((p) => !p.includes("╭─ Board"));
  await s.send(["C-c"]);
  await s.waitFor("press ctrl+c again");
  await s.send(["C-c"]);
  const done = await s.waitFor("[exited 0]");
  assertIncludes(done, "panel_close:kanban:b1");
});

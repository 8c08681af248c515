/**
 * End-to-end: the real `zot` in tmux against the scripted provider server, with a real
 * extension (tests/tui/fixtures/tui_demo_ext). Typed prompt streams; the popup lists the
 * extension's commands; insert and display; notify during a turn; a queued message runs
 * after the turn; Esc cancels; resize re-renders.
 */

import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { ProviderServer } from "../support/provider_server.ts";
import { submit, TmuxSession } from "./support/tmux.ts";
import { openZot, quitZot, zotArgv, zotDirs } from "./support/zot_tmux.ts";

const repo = new URL("../../", import.meta.url).pathname;
const extDir = new URL("./fixtures/tui_demo_ext", import.meta.url).pathname;

Deno.test("tmux: the real zot TUI against the provider server and a real extension", async () => {
  await using server = await ProviderServer.start({
    turns: [
      { text: "Hello from the **fake** model, streamed in small pieces.", deltaSize: 4 },
      {
        blocks: [{ type: "tool_use", id: "t1", name: "bash", input: { command: "sleep 2" } }],
      },
      { text: "the tool finished" },
      { text: "answer to the queued one" },
      { text: "partial words before a stall that never ends", deltaSize: 6, stallAfter: 5 },
    ],
  });
  await using dirs = await zotDirs();
  const argv = zotArgv(server.url, "--no-session", "--ext", extDir);
  await using s = await openZot(argv, dirs, { cols: 100, rows: 32 });
  await s.waitFor("anthropic/claude-sonnet-4-5");

  // A typed prompt streams an answer.
  await submit(s, "hello");
  await s.waitFor("Hello from the fake model, streamed in small pieces.");
  // The extension's notify on turn_start shows.
  await s.waitFor("[tuidemo] turn started notice");

  // The popup lists the extension's commands under the divider.
  await s.type("/demo");
  const popup = await s.waitFor("── extensions");
  assertIncludes(popup, "/demo-insert");
  assertIncludes(popup, "show a one-off note (tuidemo)");
  await submit(s, "-insert");
  await s.waitFor("inserted by extension");
  await s.send(["C-u"]);
  await s.waitFor((p) => !p.includes("inserted by extension"));
  await submit(s, "/demo-show");
  await s.waitFor("│ [tuidemo] shown by extension");

  // A message typed while the tool runs slides in and runs after the turn.
  await submit(s, "run the tool");
  await s.waitFor("bash sleep 2");
  await submit(s, "queued question");
  await s.waitFor("sliding in: queued question");
  await s.waitFor("the tool finished");
  await s.waitFor("answer to the queued one");
  await s.waitFor((p) => !p.includes("sliding in"));

  // Esc cancels a stalled stream.
  await submit(s, "stall now");
  await s.waitFor("partial word");
  await s.send(["Escape"]);
  await s.waitFor("cancelled");
  await s.waitFor((p) => !/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] /.test(p));

  // Resize re-renders at the new width.
  await s.resize(60, 32);
  const narrow = await s.waitFor((p) => p.split("\n").some((l) => l === "─".repeat(60)));
  for (const l of narrow.split("\n")) assert.ok(l.length <= 60, `too wide: ${l}`);
  assertIncludes(narrow, "answer to the queued one");

  // /reload-ext restarts the extension; its commands come back.
  await submit(s, "/reload-ext");
  await s.waitFor("reloaded: 1 stopped, 1 loaded (1 ready)");
  await submit(s, "/demo-show");
  await s.waitFor((p) => {
    // The new note is the last block above the editor's top border.
    const lines = p.split("\n").filter((l) => l.trim() !== "");
    const border = lines.findIndex((l) => /^─+$/.test(l));
    return border > 0 && lines[border - 1].includes("[tuidemo] shown by extension");
  });
  await s.send(["C-u"]);

  await quitZot(s);
});

Deno.test("tmux: without a key zot still opens the TUI and says how to set one; NO_COLOR is plain", async () => {
  const home = await Deno.makeTempDir({ prefix: "zot-tui-home-" });
  const s = await TmuxSession.start(
    [
      Deno.execPath(),
      "run",
      "-A",
      `${repo}main.ts`,
      "--provider",
      "anthropic",
      "--no-session",
      "--no-ext",
    ],
    { cols: 100, rows: 20, env: { ZOT_HOME: home, ANTHROPIC_API_KEY: "", NO_COLOR: "1" } },
  );
  try {
    const screen = await s.waitFor("no API key for anthropic");
    assertIncludes(screen, "no API key for anthropic: set ANTHROPIC_API_KEY");
    // The banner says what is missing once, then how to fix it.
    assertEquals(screen.split("no API key for anthropic").length, 2, screen);
    await submit(s, "hello?");
    await s.waitFor((p) => p.split("no API key for anthropic").length > 2);
    const raw = await s.capture(true);
    // deno-lint-ignore no-control-regex -- looking for colour SGR codes in the pane
    assert.ok(!/\x1b\[[0-9;]*(3[0-7]|9[0-7])m/.test(raw), "NO_COLOR pane has colour");
    await quitZot(s);
  } finally {
    await s.close();
    await Deno.remove(home, { recursive: true });
  }
});

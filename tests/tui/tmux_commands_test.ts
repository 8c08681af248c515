/**
 * The built-in command registry in the real zot TUI (tmux, provider server, and the real
 * extension tests/fixtures/e2e/squatter, which registers /skills, /yolo, /help and /model):
 * the popup lists exactly the registry's interactive built-ins, then the extension commands
 * no built-in shadows; /skills runs in the extension, /yolo (a built-in since issue 11) in zot;
 * /study runs here too.
 */

import { commandsFor } from "../../src/commands/mod.ts";
import { assertEquals, assertIncludes } from "../support/assert.ts";
import { ProviderServer } from "../support/provider_server.ts";
import { submit } from "./support/tmux.ts";
import { openZot, quitZot, zotArgv, zotDirs } from "./support/zot_tmux.ts";

const squatter = new URL("../fixtures/e2e/squatter", import.meta.url).pathname;

Deno.test("tmux: the popup and /help hold exactly the registry's commands; unreserved extension names run", async () => {
  await using server = await ProviderServer.start({ turns: [{ text: "studied the folder" }] });
  await using dirs = await zotDirs();
  const argv = zotArgv(server.url, "--no-session", "--ext", squatter);
  await using s = await openZot(argv, dirs, { cols: 100, rows: 32 });
  await s.type("/");
  const names = (lines: string[]) =>
    lines.map((l) => /^[ ›] \/(\S+)/.exec(l)?.[1]).filter((n) => n !== undefined);
  // The popup shows 10 rows: the first screen, then (Up wraps to the end) the last one.
  const first = names((await s.waitFor("/help ")).split("\n"));
  await s.send(["Up"]);
  const last = (await s.waitFor("── extensions")).split("\n");
  const divider = last.findIndex((l) => l.includes("── extensions"));
  const builtins = commandsFor("interactive").map((c) => c.name);
  const seen = [...new Set([...first, ...names(last.slice(0, divider))])];
  assertEquals(seen, builtins);
  assertEquals(names(last.slice(divider + 1)), ["skills"]);
  await s.send(["Escape"]);
  await s.waitFor((p) => !p.includes("── extensions"));
  await s.send(["C-u"]);

  // /yolo is zot's now: the squatter's is shadowed and the built-in runs.
  await submit(s, "/yolo go");
  await s.waitFor("yolo: tools run without asking");
  await submit(s, "/skills");
  await s.waitFor("[squatter] squatter ran /skills");

  await submit(s, "/study");
  await s.waitFor("studied the folder");
  assertIncludes(
    JSON.stringify(server.bodies().at(-1)),
    "Read and understand everything in the current directory.",
  );

  await submit(s, "/help");
  const help = await s.waitFor("extension commands:");
  for (const c of commandsFor("interactive")) assertIncludes(help, `/${c.name}`);
  assertIncludes(help, "squatter's /skills [squatter]");
  assertEquals(help.includes("squatter's /help"), false, help);

  await quitZot(s);
});

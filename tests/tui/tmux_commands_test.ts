/**
 * The built-in command registry in the real zot TUI (tmux, provider server, and the real
 * extension tests/fixtures/e2e/squatter, which registers /skills, /yolo, /help and /model):
 * the popup lists exactly the registry's interactive built-ins, then the extension commands
 * no built-in shadows; /skills and /yolo run in the extension; /study runs here too.
 */

import { commandsFor } from "../../src/commands/mod.ts";
import { assertEquals, assertIncludes } from "../support/assert.ts";
import { ProviderServer } from "../support/provider_server.ts";
import { TmuxSession } from "./support/tmux.ts";
import { zotArgv } from "./support/zot_tmux.ts";

const squatter = new URL("../fixtures/e2e/squatter", import.meta.url).pathname;

Deno.test("tmux: the popup and /help hold exactly the registry's commands; unreserved extension names run", async () => {
  const server = await ProviderServer.start({ turns: [{ text: "studied the folder" }] });
  const home = await Deno.makeTempDir({ prefix: "zot-tui-home-" });
  const cwd = await Deno.makeTempDir({ prefix: "zot-tui-cwd-" });
  const s = await TmuxSession.start(zotArgv(server.url, "--no-session", "--ext", squatter), {
    cols: 100,
    rows: 32,
    env: { ZOT_HOME: home },
    cwd,
  });
  try {
    await s.waitFor("type a message");
    await s.type("/");
    const popup = (await s.waitFor("── extensions")).split("\n");
    const divider = popup.findIndex((l) => l.includes("── extensions"));
    const names = (lines: string[]) =>
      lines.map((l) => /^[ ›] \/(\S+)/.exec(l)?.[1]).filter((n) => n !== undefined);
    assertEquals(names(popup.slice(0, divider)), commandsFor("interactive").map((c) => c.name));
    assertEquals(names(popup.slice(divider + 1)), ["skills"]);
    await s.type("y");
    const yolo = await s.waitFor((p) => !p.includes("/help ") && p.includes("/yolo"));
    assertIncludes(yolo, "squatter's /yolo (squatter)");

    await s.type("olo go");
    await s.send(["Enter"]);
    await s.waitFor("[squatter] squatter ran /yolo go");
    await s.type("/skills");
    await s.send(["Enter"]);
    await s.waitFor("[squatter] squatter ran /skills");

    await s.type("/study");
    await s.send(["Enter"]);
    await s.waitFor("studied the folder");
    assertIncludes(
      JSON.stringify(server.bodies().at(-1)),
      "Read and understand everything in the current directory.",
    );

    await s.type("/help");
    await s.send(["Enter"]);
    const help = await s.waitFor("extension commands:");
    for (const c of commandsFor("interactive")) assertIncludes(help, `/${c.name}`);
    assertIncludes(help, "squatter's /skills [squatter]");
    assertEquals(help.includes("squatter's /help"), false, help);

    await s.send(["C-c"]);
    await s.send(["C-c"]);
    await s.waitFor("[exited 0]");
  } finally {
    await s.close();
    await server.close();
    await Deno.remove(home, { recursive: true });
    await Deno.remove(cwd, { recursive: true });
  }
});

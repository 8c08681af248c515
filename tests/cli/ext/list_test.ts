import { assertEquals } from "../../support/assert.ts";
import { listRows, renderPlain, renderTable } from "../../../src/cli/ext/list_render.ts";
import type { Output } from "../../../src/cli/mod.ts";
import type { DiscoveryResult } from "../../../src/extensions/mod.ts";

function output(color: boolean): Output {
  return { out: () => {}, err: () => {}, isTty: true, color };
}

const FOUND: DiscoveryResult = {
  extensions: [{
    name: "weather",
    dir: "/p/.zot/extensions/weather",
    manifestPath: "/p/.zot/extensions/weather/extension.json",
    source: "project",
    manifest: {
      name: "weather",
      exec: "./w",
      args: [],
      enabled: true,
      version: "1.0.0",
      // Foreign text: an escape sequence must never reach the terminal.
      description: "weather \x1b[2Jnow",
    },
  }, {
    name: "off",
    dir: "/h/extensions/off",
    manifestPath: "/h/extensions/off/extension.json",
    source: "global",
    manifest: { name: "off", exec: "./o", args: [], enabled: false },
  }],
  shadowed: [{
    name: "weather",
    dir: "/h/extensions/weather",
    manifestPath: "/h/extensions/weather/extension.json",
    source: "global",
    manifest: { name: "weather", exec: "./w", args: [], enabled: true },
    shadowedBy: { source: "project", dir: "/p/.zot/extensions/weather" },
  }],
  invalid: [{
    dir: "/h/extensions/broken",
    manifestPath: "/h/extensions/broken/extension.json",
    source: "global",
    reason: `"name" is required`,
  }],
};

Deno.test("plain output: one tab-separated line per row, reasons inline", () => {
  assertEquals(
    renderPlain(listRows(FOUND)),
    [
      "weather\t1.0.0\tproject\tenabled\t-\tweather  [2Jnow\t/p/.zot/extensions/weather",
      "off\t-\tglobal\tdisabled\t-\t-\t/h/extensions/off",
      "weather\t-\tglobal\tshadowed by project\t-\t-\t/h/extensions/weather",
      `broken\t-\tglobal\tinvalid: "name" is required\t-\t-\t/h/extensions/broken`,
      "",
    ].join("\n"),
  );
});

Deno.test("the table is aligned and has no colour when colour is off (NO_COLOR)", () => {
  assertEquals(
    renderTable(listRows(FOUND), output(false)),
    [
      "NAME     VERSION  SOURCE   STATE                ACCESS  DESCRIPTION      PATH",
      "weather  1.0.0    project  enabled              -       weather  [2Jnow  /p/.zot/extensions/weather",
      "off      -        global   disabled             -                        /h/extensions/off",
      "weather  -        global   shadowed by project  -                        /h/extensions/weather",
      "broken   -        global   invalid              -                        /h/extensions/broken",
      `  ↳ "name" is required`,
      "",
    ].join("\n"),
  );
});

Deno.test("with colour on, states are coloured", () => {
  const table = renderTable(listRows(FOUND), output(true));
  assertEquals(table.includes("\x1b[32menabled"), true);
  assertEquals(table.includes("\x1b[33mdisabled"), true);
  assertEquals(table.includes("\x1b[31minvalid"), true);
  assertEquals(table.includes("\x1b[2J"), false);
});

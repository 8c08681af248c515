import { assertEquals, assertThrows } from "../support/assert.ts";
import { resolveZotHome } from "../../src/config/mod.ts";
import { ConfigError } from "../../src/errors/mod.ts";

function env(os: typeof Deno.build.os, vars: Record<string, string>) {
  return { os, get: (name: string) => vars[name] };
}

Deno.test("ZOT_HOME wins over every platform default", () => {
  assertEquals(resolveZotHome(env("linux", { ZOT_HOME: "/x", HOME: "/h" })), "/x");
  assertEquals(resolveZotHome(env("darwin", { ZOT_HOME: "/x", HOME: "/h" })), "/x");
});

Deno.test("linux uses XDG_STATE_HOME, then ~/.local/state", () => {
  assertEquals(resolveZotHome(env("linux", { XDG_STATE_HOME: "/s", HOME: "/h" })), "/s/zot");
  assertEquals(resolveZotHome(env("linux", { HOME: "/h" })), "/h/.local/state/zot");
});

Deno.test("macOS uses Application Support", () => {
  assertEquals(
    resolveZotHome(env("darwin", { HOME: "/Users/p" })),
    "/Users/p/Library/Application Support/zot",
  );
});

Deno.test("windows uses LOCALAPPDATA", () => {
  const home = resolveZotHome(env("windows", { LOCALAPPDATA: "C:/Users/p/AppData/Local" }));
  assertEquals(home.replaceAll("\\", "/"), "C:/Users/p/AppData/Local/zot");
});

Deno.test("no HOME and no ZOT_HOME is a ConfigError that says to set ZOT_HOME", () => {
  const err = assertThrows(() => resolveZotHome(env("linux", {})), ConfigError);
  assertEquals(err.message.includes("set ZOT_HOME"), true);
});

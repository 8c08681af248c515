import { assertEquals, assertRejects } from "../../support/assert.ts";
import { ZotPaths } from "../../../src/config/mod.ts";
import { ConfigError } from "../../../src/errors/mod.ts";
import {
  checkGrant,
  loadGrant,
  removeGrant,
  saveGrant,
} from "../../../src/extensions/sandbox/grants.ts";

Deno.test("a grant is stored outside the extension, mode 0600, and read back", async () => {
  const home = await Deno.makeTempDir();
  try {
    const paths = new ZotPaths(home);
    const request = { allow: { net: ["a.com"] }, deny: {} };
    const weather = {
      name: "weather",
      dir: `${home}/extensions/weather`,
      source: "global" as const,
    };
    const saved = await saveGrant(paths, weather, request, request);
    const record = await loadGrant(paths, weather);
    assertEquals(record?.granted, request);
    const info = await Deno.stat(`${home}/grants/${saved.install}.json`);
    assertEquals((info.mode ?? 0) & 0o777, 0o600);
    // Same name, other folder (another copy, a --ext folder): none of it.
    assertEquals(await loadGrant(paths, { ...weather, dir: `${home}/elsewhere` }), undefined);
    assertEquals(await loadGrant(paths, { ...weather, source: "flag" }), undefined);
    await removeGrant(paths, weather);
    assertEquals(await loadGrant(paths, weather), undefined);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("a corrupt grant file is a ConfigError that says how to re-grant", async () => {
  const home = await Deno.makeTempDir();
  try {
    const paths = new ZotPaths(home);
    const w = { name: "w", dir: `${home}/extensions/w`, source: "global" as const };
    const { install } = await saveGrant(paths, w, { allow: {}, deny: {} }, { allow: {}, deny: {} });
    await Deno.writeTextFile(`${home}/grants/${install}.json`, "{nope");
    const err = await assertRejects(() => loadGrant(paths, w), ConfigError);
    assertEquals(err.message.includes("zot ext permissions w --reset"), true);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("checkGrant: no grant, a request that grew, and a covered request", () => {
  const record = {
    version: 2 as const,
    extension: "w",
    install: "i-1",
    dir: "/exts/w",
    requested: { allow: { net: ["a.com"] }, deny: {} },
    granted: { allow: { net: ["a.com", "b.com"] }, deny: {} },
    updated: "",
  };
  assertEquals(checkGrant({ allow: {}, deny: {} }, undefined), { ok: false, reason: "no_grant" });
  assertEquals(checkGrant({ allow: { net: ["b.com"] }, deny: {} }, record), {
    ok: true,
    granted: record.granted,
  });
  assertEquals(checkGrant({ allow: { net: ["a.com"], read: ["/"] }, deny: {} }, record), {
    ok: false,
    reason: "request_grew",
    beyond: ["read: /"],
  });
});

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
    await saveGrant(paths, "weather", request, request);
    const record = await loadGrant(paths, "weather");
    assertEquals(record?.granted, request);
    const info = await Deno.stat(`${home}/grants/weather.json`);
    assertEquals((info.mode ?? 0) & 0o777, 0o600);
    await removeGrant(paths, "weather");
    assertEquals(await loadGrant(paths, "weather"), undefined);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("a corrupt grant file is a ConfigError that says how to re-grant", async () => {
  const home = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${home}/grants`);
    await Deno.writeTextFile(`${home}/grants/w.json`, "{nope");
    const err = await assertRejects(() => loadGrant(new ZotPaths(home), "w"), ConfigError);
    assertEquals(err.message.includes("zot ext permissions w --reset"), true);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("checkGrant: no grant, a request that grew, and a covered request", () => {
  const record = {
    version: 1 as const,
    extension: "w",
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

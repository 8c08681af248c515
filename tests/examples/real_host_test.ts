/**
 * The examples under zot's real extension host (src/extensions), not the fake one: every
 * example starts, gets ready, and answers through the host's own API.
 */

import { join } from "node:path";
import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { ZotPaths } from "../../src/config/mod.ts";
import {
  ExtensionHost,
  type ExtensionNotice,
  planLaunches,
  readManifest,
} from "../../src/extensions/mod.ts";

const EXAMPLES = new URL("../../extensions/examples/", import.meta.url).pathname;
const NAMES = ["clock", "guard", "hello-py", "jq-echo", "scratchpad", "weather"];

Deno.test("every example runs under the real host", async () => {
  const home = await Deno.makeTempDir({ prefix: "zot-examples-" });
  const specs = [];
  for (const name of NAMES) {
    const parsed = await readManifest(join(EXAMPLES, name, "extension.json"));
    assert.ok(parsed.ok);
    const dir = join(EXAMPLES, name);
    // Sandboxed examples run as zot runs a --ext folder: granted exactly what they request.
    // Deterministic offline: weather gets a local URL its "net" permission does not cover.
    const plan = await planLaunches([{
      name,
      dir,
      manifestPath: join(dir, "extension.json"),
      source: "flag",
      manifest: parsed.manifest,
    }], {
      paths: new ZotPaths(home),
      cwd: home,
      env: name === "weather" ? { ZOT_WEATHER_BASE_URL: "http://127.0.0.1:65534" } : {},
      // Only a manifest's own permissions restrict it (an empty one-run grant would too).
      runGrant: parsed.manifest.permissions,
      deno: Deno.execPath(),
    });
    assert.ok(plan.specs[0], JSON.stringify(plan.refused));
    const spec = plan.specs[0];
    if (spec.command === "deno") spec.command = Deno.execPath();
    specs.push(spec);
  }
  const notices: ExtensionNotice[] = [];
  const host = await ExtensionHost.start(
    specs,
    { paths: new ZotPaths(home), cwd: home, provider: "anthropic", model: "m-1" },
    {},
    { onNotify: (notice) => notices.push(notice) },
  );
  try {
    assertEquals(
      host.status().map((s) => [s.name, s.state]),
      NAMES.map((n) => [n, "ready"]),
      JSON.stringify(host.status()),
    );
    assertEquals(
      (await host.invokeCommand("hellopy", "")).prompt,
      "Greet me very briefly. Add one emoji.",
    );
    assertEquals((await host.invokeCommand("now", "")).action, "display");
    assertEquals((await host.invokeCommand("shout", "hi")).display, "HI!");
    assertEquals((await host.callTool("upper", { text: "abc" })).content, [{
      type: "text",
      text: "ABC",
    }]);
    assertEquals(
      (await host.invokeCommand("note", "from the real host")).display,
      "noted (1 note)",
    );
    const notes = await host.callTool("read_notes", {});
    assertEquals(notes.content, [{ type: "text", text: "1. from the real host" }]);
    const saved = await Deno.readTextFile(
      join(new ZotPaths(home).extensionData, "scratchpad", "notes.jsonl"),
    );
    assertIncludes(saved, "from the real host");
    const verdict = await host.interceptToolCall({
      id: "t1",
      name: "bash",
      args: { command: "mkfs.ext4 /dev/sda1" },
    });
    assertEquals(verdict, {
      action: "block",
      extension: "guard",
      reason: 'refused: matches danger pattern "mkfs"',
    });
    const allowed = await host.interceptToolCall({
      id: "t2",
      name: "bash",
      args: { command: "ls" },
    });
    assertEquals(allowed.action, "allow");
    const weather = await host.callTool("weather", { city: "Berlin" });
    assertEquals(weather.isError, true);
    assertIncludes(
      JSON.stringify(weather.content),
      "network access to 127.0.0.1:65534 is not permitted",
    );
    host.emit({ event: "session_start" });
    assertIncludes((await host.invokeCommand("guard", "")).display ?? "", "refused 1: mkfs");
  } finally {
    await host.shutdown();
    await Deno.remove(home, { recursive: true });
  }
  assert.ok(
    notices.some((n) => n.message === "guard active: 7 danger patterns"),
    JSON.stringify(notices),
  );
});

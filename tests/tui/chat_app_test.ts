import { assert, assertEquals, assertIncludes } from "../support/assert.ts";
import { startHarness } from "./support/harness.ts";

Deno.test("a typed prompt shows as the user's turn and the streamed answer follows", async () => {
  const h = await startHarness();
  try {
    h.type("hello there");
    h.type("\r");
    const screen = await h.waitFor("echo: hello there");
    assertIncludes(screen, "❯ hello there");
    assertEquals(h.ctl.submitted, ["hello there"]);
    await h.waitUntil((s) => s.includes("$0.0015"));
  } finally {
    await h.close();
  }
  assert.ok(h.ctl.closed, "controller closed on exit");
});

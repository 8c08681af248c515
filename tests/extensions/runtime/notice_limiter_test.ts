import { assertEquals, assertIncludes } from "../../support/assert.ts";
import type { ExtensionNotice } from "../../../src/extensions/mod.ts";
import { NOTICE_BURST, NoticeLimiter } from "../../../src/extensions/runtime/notice_limiter.ts";
import { pySpec, startHost, TempHome } from "../../support/ext_host.ts";

Deno.test("the limiter passes a burst, then counts drops and reports them once", () => {
  const reports: number[] = [];
  const limiter = new NoticeLimiter((n) => reports.push(n));
  let admitted = 0;
  for (let i = 0; i < 10_000; i++) if (limiter.admit(1_000)) admitted++;
  assertEquals(admitted, NOTICE_BURST);
  limiter.flush();
  assertEquals(reports, [10_000 - NOTICE_BURST]);
  limiter.flush();
  assertEquals(reports.length, 1, "nothing new, nothing reported");
});

Deno.test("a notify flood reaches the UI as a burst plus a count of the dropped ones", async () => {
  await using home = await TempHome.create();
  const notices: ExtensionNotice[] = [];
  const steps = Array.from({ length: 2_000 }, (_, i) => ({
    type: "notify",
    level: "info",
    message: `n${i}`,
  }));
  const host = await startHost(
    home,
    [pySpec("noisy", {
      startup: [...steps, { type: "register_command", name: "ping" }, { type: "ready" }],
      on: { "command_invoked:ping": [{ type: "command_response", id: "$id", action: "noop" }] },
    })],
    {},
    { onNotify: (n) => notices.push(n) },
  );
  // The ping answers after every notify was read: the flood is over by then.
  await host.invokeCommand("ping", "");
  await host.shutdown();
  const shown = notices.filter((n) => n.message.startsWith("n"));
  const summaries = notices.filter((n) => n.message.includes("were dropped"));
  assertEquals(shown.length < 2_000, true, `${shown.length} shown`);
  const dropped = summaries.reduce((sum, n) => sum + Number(n.message.split(" ")[0]), 0);
  assertEquals(shown.length + dropped, 2_000);
  assertIncludes(summaries[0].message, "more than 20 a second");
});

import { assertEquals } from "../support/assert.ts";
import { runGrantFrom } from "../../src/cli/run_grant.ts";

Deno.test("one-run grant flags become a permission request", () => {
  assertEquals(runGrantFrom({}), undefined);
  assertEquals(runGrantFrom({ allowNet: "a.com, b.com", allowEnv: true, denyRead: "/etc" }), {
    allow: { net: ["a.com", "b.com"], env: true },
    deny: { read: ["/etc"] },
  });
});

/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, client scenarios)
 * against zot as the client: the suite serves each scenario's server, and
 * tests/support/conformance_client.ts runs the real `zot -p` at it. Scenarios that measure
 * reconnection timing (sse-retry) pass too but are left out here: tests never assert
 * wall-clock time. OAuth and elicitation scenarios do not apply (zot offers neither).
 */

import { join } from "node:path";
import { assertEquals, assertIncludes } from "../support/assert.ts";
import { REPO } from "./support.ts";

const SUITE = "npm:@modelcontextprotocol/conformance@0.1.16";

for (const scenario of ["initialize", "tools_call"]) {
  Deno.test(`MCP conformance client scenario ${scenario} passes with zot as the client`, async () => {
    const cwd = await Deno.makeTempDir({ prefix: "zot-conformance-run-" });
    try {
      const driver = `${Deno.execPath()} run -A ${
        join(REPO, "tests", "support", "conformance_client.ts")
      }`;
      const out = await new Deno.Command(Deno.execPath(), {
        // Outside the repo and without a lock, so the suite's own dependencies stay its own.
        args: [
          "run",
          "-A",
          "--no-config",
          "--no-lock",
          SUITE,
          "client",
          "--command",
          driver,
          "--scenario",
          scenario,
        ],
        cwd,
        env: { NO_COLOR: "1" },
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
      assertIncludes(text, "OVERALL: PASSED", text);
      assertEquals(out.code, 0, text);
    } finally {
      await Deno.remove(cwd, { recursive: true });
    }
  });
}

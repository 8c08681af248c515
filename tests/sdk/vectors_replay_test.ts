/**
 * Replays every shared protocol vector against the demo extension built with each SDK:
 * TypeScript on Deno (source), TypeScript on Node (the committed bundle), and Python.
 */

import type { SpawnSpec } from "../support/fake_ext_host.ts";
import { loadVectors, replayVector } from "../support/protocol_vectors.ts";

const DEMO = new URL("../../extensions/sdk/vectors/demo/", import.meta.url).pathname;

const RUNTIMES: Record<string, SpawnSpec> = {
  "TS SDK on Deno": {
    command: Deno.execPath(),
    args: ["run", "--quiet", "--no-prompt", "--no-config", "demo.ts"],
    cwd: DEMO,
  },
  "bundled TS SDK on Node": { command: "node", args: ["demo.mjs"], cwd: DEMO },
  "Python SDK": { command: "python3", args: ["-B", "demo.py"], cwd: DEMO },
};

const vectors = await loadVectors();

for (const [runtime, spec] of Object.entries(RUNTIMES)) {
  for (const vector of vectors) {
    Deno.test(`${runtime} replays vector ${vector.name}`, async () => {
      await replayVector(vector, spec);
    });
  }
}

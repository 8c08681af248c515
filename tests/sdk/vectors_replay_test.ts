/**
 * Replays every shared protocol vector against the demo extension built with each SDK:
 * TypeScript on Deno (source), TypeScript on Node (the committed bundle), and Python.
 */

import type { SpawnSpec } from "../support/fake_ext_host.ts";
import { loadVectors, replayVector, VECTORS_V1_1_DIR } from "../support/protocol_vectors.ts";

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

// Protocol 1.1: its own demo (the v1 demo above proves a v1 extension's frames are unchanged).
const DEMO_V1_1 = `${VECTORS_V1_1_DIR}/demo/`;
const RUNTIMES_V1_1: Record<string, SpawnSpec> = {
  "TS SDK on Deno": { ...RUNTIMES["TS SDK on Deno"], cwd: DEMO_V1_1 },
  "bundled TS SDK on Node": { ...RUNTIMES["bundled TS SDK on Node"], cwd: DEMO_V1_1 },
  "Python SDK": { ...RUNTIMES["Python SDK"], cwd: DEMO_V1_1 },
};
for (const [runtime, spec] of Object.entries(RUNTIMES_V1_1)) {
  for (const vector of await loadVectors(VECTORS_V1_1_DIR)) {
    Deno.test(`${runtime} replays 1.1 vector ${vector.name}`, async () => {
      await replayVector(vector, spec);
    });
  }
}

import { loadVectors, replayVector } from "../support/protocol_vectors.ts";

const DEMO = new URL("../../extensions/sdk/vectors/demo/", import.meta.url).pathname;

for (const vector of await loadVectors()) {
  Deno.test(`TS SDK on Deno replays vector ${vector.name}`, async () => {
    await replayVector(vector, {
      command: Deno.execPath(),
      args: ["run", "--quiet", "--no-prompt", "--no-config", "demo.ts"],
      cwd: DEMO,
    });
  });
}

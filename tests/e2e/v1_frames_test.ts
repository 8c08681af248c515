import { join } from "node:path";
import { assertEquals } from "../support/assert.ts";
import { FIXTURES, REPO, World } from "./support.ts";

/** The golden recording: what a v1 extension received from zot before protocol 1.1. */
const GOLDEN = join(FIXTURES, "v1_recorder", "golden.jsonl");

/** Runs a scenario touching every v1 event and returns the frames the v1 fixture received. */
export async function recordV1Frames(): Promise<string[]> {
  await using world = await World.create([
    {
      text: "checking",
      blocks: [
        { type: "tool_use", id: "r1", name: "read", input: { path: "a.txt" } },
        { type: "tool_use", id: "e1", name: "echo_v1", input: {} },
      ],
    },
    { text: "It says A." },
  ]);
  await Deno.writeTextFile(join(world.work, "a.txt"), "A\n");
  const frames = join(world.root, "frames.jsonl");
  const result = await world.run(["--ext", join(FIXTURES, "v1_recorder"), "-p", "read a.txt"], {
    env: { ZOT_E2E_FRAMES: frames },
  });
  assertEquals(result.code, 0, result.stderr);
  const text = await Deno.readTextFile(frames);
  return text.trim().split("\n").map((line) =>
    line.replaceAll(world.root, "<ROOT>").replaceAll(REPO, "<REPO>").replace(
      /"zot_version":"[^"]*"/,
      '"zot_version":"<V>"',
    )
  );
}

Deno.test("a v1 extension receives exactly the frames it received before protocol 1.1", async () => {
  const seen = await recordV1Frames();
  const golden = (await Deno.readTextFile(GOLDEN)).trim().split("\n");
  assertEquals(seen, golden);
});

if (import.meta.main) {
  // Regenerates the golden file; run only on a host known to be v1-correct.
  await Deno.writeTextFile(GOLDEN, (await recordV1Frames()).join("\n") + "\n");
}

/** `zot rpc` as the public clients written for the original zot use it. */

import { assertEquals } from "../support/assert.ts";
import { World } from "./support.ts";

Deno.test("zot rpc: a prompt without its message field names the field that is missing", async () => {
  await using world = await World.create();
  const rpc = world.rpc(["--no-ext"]);
  const missing = await rpc.request({ id: "1", type: "prompt", text: "hi" });
  assertEquals(missing.success, false);
  assertEquals(
    missing.error,
    'prompt: the "message" field is missing ("text" is for the command command); ' +
      'send {"type":"prompt","message":"…"}',
  );
  const empty = await rpc.request({ id: "2", type: "prompt", message: " " });
  assertEquals(empty.error, 'prompt: the "message" field is empty');
  assertEquals((await rpc.close()).code, 0);
});

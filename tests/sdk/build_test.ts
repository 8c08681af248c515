import { assertEquals } from "../support/assert.ts";
import { staleSdkFiles } from "../../scripts/build_sdk.ts";

Deno.test("the committed Node build of the SDK matches a fresh bundle of its source", async () => {
  assertEquals(await staleSdkFiles(), [], "run: deno run -A scripts/build_sdk.ts");
});

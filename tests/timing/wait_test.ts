import { assertEquals } from "../support/assert.ts";
import { settlesWithin, sleep } from "../../src/timing/mod.ts";

Deno.test("sleep ends early on abort, says so, and leaves no timer", async () => {
  const controller = new AbortController();
  const pending = sleep(60_000, controller.signal);
  controller.abort();
  assertEquals(await pending, false);
  assertEquals(await sleep(60_000, controller.signal), false);
});

Deno.test("sleep that runs its course says so", async () => {
  assertEquals(await sleep(1), true);
  assertEquals(await sleep(0), true);
});

Deno.test("settlesWithin: a settled promise, a rejected one, and one that never settles", async () => {
  assertEquals(await settlesWithin(Promise.resolve(), 60_000), true);
  assertEquals(await settlesWithin(Promise.reject(new Error("x")), 60_000), true);
  assertEquals(await settlesWithin(new Promise(() => {}), 1), false);
});

import { assertEquals, assertIncludes } from "../support/assert.ts";
import { FakeHost, type SpawnSpec } from "../support/fake_ext_host.ts";

const FIXTURES = new URL("./fixtures/", import.meta.url).pathname;

async function talk(spec: SpawnSpec): Promise<string> {
  const host = new FakeHost(spec);
  try {
    const { frames } = await host.handshake();
    assertEquals(frames.map((f) => f.type), ["register_command"]);
    // FakeHost.next fails on any line the host could not decode, so stray output would show.
    assertEquals(await host.request({ type: "command_invoked", id: "1", name: "talk" }), {
      type: "command_response",
      id: "1",
      action: "display",
      display: "said",
    });
    assertEquals(await host.shutdown(), 0);
    return await host.stderrSoFar();
  } finally {
    await host.close();
  }
}

Deno.test("on Deno, console output goes to stderr once the SDK runs", async () => {
  const stderr = await talk({
    command: Deno.execPath(),
    args: ["run", "--quiet", "--no-config", "noisy.ts"],
    cwd: FIXTURES,
  });
  for (const method of ["log", "info", "debug"]) {
    assertIncludes(stderr, `console.${method} inside a handler`);
  }
  assertIncludes(stderr, "inside a handler");
});

Deno.test("on Node, console output and process.stdout.write go to stderr", async () => {
  const stderr = await talk({ command: "node", args: ["noisy.mjs"], cwd: FIXTURES });
  for (const what of ["console.log", "console.info", "process.stdout.write"]) {
    assertIncludes(stderr, `${what} inside a handler`);
  }
});

import { assertEquals, assertIncludes } from "../support/assert.ts";
import { runCli } from "../../src/cli/mod.ts";
import type { Output } from "../../src/cli/mod.ts";

function capture(): Output & { stdout: string; stderr: string } {
  const o = {
    stdout: "",
    stderr: "",
    isTty: false,
    color: false,
    out: (t: string) => void (o.stdout += t),
    err: (t: string) => void (o.stderr += t),
  };
  return o;
}

Deno.test("zot --help names every mode and sums the grant flags up in one entry", async () => {
  const out = capture();
  assertEquals(await runCli(["--help"], out), 0);
  assertIncludes(out.stdout, "zot rpc");
  assertIncludes(out.stdout, 'zot -p "/name args"');
  assertIncludes(out.stdout, "--allow-<perm>[=list], --deny-<perm>[=list]");
  assertEquals(out.stdout.includes("--allow-read [list]"), false);
});

Deno.test("an unknown flag is a usage error (exit 2) that names it", async () => {
  const out = capture();
  assertEquals(await runCli(["--bogus"], out), 2);
  assertIncludes(out.stderr, "unknown option '--bogus'");
});

Deno.test("zot --version prints the version", async () => {
  const out = capture();
  assertEquals(await runCli(["--version"], out), 0);
  assertEquals(/^zot \d+\.\d+\.\d+\n$/.test(out.stdout), true, out.stdout);
});

Deno.test("a one- or two-word near-miss of a subcommand is refused, not sent to the model", async () => {
  for (
    const [args, near] of [
      [["completion", "bash"], "completions"],
      [["doctr"], "doctor"],
      [["upgrad"], "upgrade"],
      [["exts"], "ext"],
      [["comp"], "completions"],
    ] as const
  ) {
    const out = capture();
    assertEquals(await runCli([...args], out), 2, args.join(" "));
    assertIncludes(out.stderr, `"${args[0]}" is not a zot command; did you mean: zot ${near}`);
    assertIncludes(out.stderr, `run: zot -p "${args.join(" ")}"`);
  }
});

Deno.test("prompts that only start like a subcommand still go to the model", async () => {
  const { refuseNearCommand } = await import("../../src/cli/near_command.ts");
  const commands = ["ext", "upgrade", "doctor", "completions", "rpc"];
  for (
    const args of [
      ["docker", "build", "fails"],
      ["docker"],
      ["completion bash"],
      ["explain"],
      ["doctor", "the", "tests"],
      ["text"],
      ["test"],
      ["extract", "this"],
      ["rpm"],
    ]
  ) {
    refuseNearCommand(args, commands);
  }
});

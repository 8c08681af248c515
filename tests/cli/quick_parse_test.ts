import { assertEquals } from "../support/assert.ts";
import { buildProgram } from "../../src/cli/program.ts";
import { quickParse, type QuickRun } from "../../src/cli/quick_parse.ts";
import { rootFlagsSource } from "../../scripts/gen_help.ts";
import { expandRpcAlias } from "../../src/cli/rpc_alias.ts";

const quiet = { out: () => {}, err: () => {}, isTty: false, color: false };

/** What commander hands the root action for `args`, or "other" when it does something else. */
async function viaCommander(args: string[]): Promise<QuickRun | "other"> {
  let seen: QuickRun | "other" = "other";
  const program = buildProgram(quiet, ({ prompt, options }) => {
    seen = { prompt, options };
    return Promise.resolve();
  });
  args = expandRpcAlias(args);
  try {
    await program.parseAsync(args, { from: "user" });
  } catch {
    return "other";
  }
  return seen;
}

// Command lines the quick parser must take itself: the runs users and scripts start.
const TAKEN: string[][] = [
  [],
  ["-p", "hi"],
  ["hello", "there"],
  ["-p", "--provider", "openai", "--base-url", "http://127.0.0.1:1", "--api-key", "k", "hi"],
  ["--json", "--model=gpt-x", "--no-session", "a", "b"],
  ["rpc"],
  ["rpc", "--auto-submit", "--no-ext"],
  ["--ext", "./a", "--no-ext", "--ext", "./b", "-p", "x"],
  ["--no-ext", "-e", "./a", "-p", "x"],
  ["--allow-net=api.example.com", "--ext", "./x", "-p", "go"],
  ["--allow-read", "--deny-net", "-p", "go"],
  ["--allow-read", "here", "-p", "go"],
  ["--append-system-prompt", "one", "--append-system-prompt=two", "-p", "x"],
  ["--max-steps", "3", "--reasoning", "high", "-p", "x"],
  ["--tools", "read,bash", "--no-tools", "--cwd", "/tmp", "-c", "-p", "x"],
  ["-r", "--session", "s.jsonl", "--no-yolo", "--yolo", "--debug"],
  ["--ext-trace", "t.jsonl", "--ext-audit", "--list-models"],
  ["-p", "hi", "--json", "there"],
  ["-"],
];

// Command lines it must leave to commander: errors, help, subcommands, odd shapes.
const DECLINED: string[][] = [
  ["--help"],
  ["-p", "--help"],
  ["--version", "-p"],
  ["ext", "list"],
  ["doctor"],
  ["help"],
  ["help", "ext"],
  ["--unknown", "-p", "x"],
  ["-px", "hi"],
  ["--max-steps", "zero", "-p", "x"],
  ["--reasoning", "extreme", "-p", "x"],
  ["--model"],
  ["--model", "-p", "x"],
  ["--print=yes", "x"],
  ["--", "-p"],
  ["-p", "ext"],
];

Deno.test("the quick parser takes the common runs and gives commander's record", async () => {
  for (const args of TAKEN) {
    const quick = quickParse(args);
    assertEquals(quick !== undefined, true, `declined: ${args.join(" ")}`);
    assertEquals(quick, await viaCommander(args), args.join(" "));
  }
});

Deno.test("the quick parser leaves help, subcommands and errors to commander", () => {
  for (const args of DECLINED) {
    assertEquals(quickParse(args), undefined, args.join(" "));
  }
});

Deno.test("whatever the quick parser takes, commander reads the same way", async () => {
  // Every pair of a flag and a value shape, alone and before a prompt word.
  const flags = ["-p", "--model", "--allow-net", "--no-ext", "-e", "--max-steps", "--reasoning"];
  const values = [[], ["3"], ["low"], ["-p"], ["=x"], ["ext"]];
  for (const flag of flags) {
    for (const value of values) {
      const args = value[0]?.startsWith("=") ? [flag + value[0]] : [flag, ...value];
      for (const line of [args, [...args, "word"]]) {
        const quick = quickParse(line);
        if (quick !== undefined) assertEquals(quick, await viaCommander(line), line.join(" "));
      }
    }
  }
});

Deno.test("src/cli/root_flags.ts is what commander declares", async () => {
  const file = await Deno.readTextFile(new URL("../../src/cli/root_flags.ts", import.meta.url));
  const fresh = await rootFlagsSource();
  // The file is formatted by deno fmt after generation; compare the data, not the layout.
  const data = (s: string) => s.replace(/\s+/g, "").replace(/,([\]}])/g, "$1");
  assertEquals(data(file), data(fresh), "stale: run deno run -A scripts/gen_help.ts");
});

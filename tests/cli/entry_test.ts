import { assertEquals } from "../support/assert.ts";
import { eagerGraph } from "../support/module_graph.ts";
import { quickAnswer } from "../../src/cli/mod.ts";
import type { Output } from "../../src/cli/mod.ts";
import { runCli } from "../../src/cli/program.ts";

function capture(): Output & { stdout: string } {
  const o = {
    stdout: "",
    isTty: false,
    color: false,
    out: (t: string) => void (o.stdout += t),
    err: () => {},
  };
  return o;
}

for (const args of [["--help"], ["-h"], ["--version"], ["-v"]]) {
  Deno.test(`zot ${args[0]} without commander prints what commander prints`, async () => {
    const out = capture();
    assertEquals(await runCli(args, out), 0);
    assertEquals(
      quickAnswer(args),
      out.stdout,
      "src/cli/root_help.ts is stale: run deno run -A scripts/gen_help.ts",
    );
  });
}

Deno.test("other arguments are left to commander", () => {
  for (const args of [[], ["--help", "ext"], ["ext", "--help"], ["-p", "--version"], ["-V"]]) {
    assertEquals(quickAnswer(args), undefined, args.join(" "));
  }
});

Deno.test("zot --version and --help load no npm package and nothing beyond the entrance", async () => {
  const graph = await eagerGraph("main.ts");
  assertEquals(graph.npm, []);
  assertEquals(graph.files.filter((f) => f.startsWith("src/") && !f.startsWith("src/cli/")), []);
  assertEquals(graph.files.includes("src/cli/program.ts"), false, graph.files.join("\n"));
});

Deno.test("zot ext loads neither the agent, the providers, the modes nor the TUI", async () => {
  const graph = await eagerGraph("src/cli/program.ts");
  const heavy = graph.files.filter((f) =>
    /^src\/(agent|providers|modes|tui|session|tools|skills)\//.test(f)
  );
  assertEquals(heavy, []);
  for (const name of ["openai", "@anthropic-ai/sdk", "@mariozechner/pi-tui"]) {
    assertEquals(graph.npm.includes(name), false, name);
  }
});

Deno.test("a run loads no provider SDK and no TUI until it needs them", async () => {
  const graph = await eagerGraph("src/cli/run_root.ts");
  for (const name of ["openai", "@anthropic-ai/sdk", "@mariozechner/pi-tui"]) {
    assertEquals(graph.npm.includes(name), false, name);
  }
  assertEquals(graph.files.filter((f) => f.startsWith("src/tui/")), []);
  // The MCP SDK loads only when an MCP server is configured (runtime/mcp/load.ts).
  assertEquals(graph.npm.includes("@modelcontextprotocol/sdk"), false, "@modelcontextprotocol/sdk");
});

Deno.test("a plain run reads its flags without commander", async () => {
  const direct = await eagerGraph("src/cli/run_direct.ts");
  assertEquals(direct.npm, []);
  assertEquals(direct.files.includes("src/cli/program.ts"), false, direct.files.join("\n"));
  const run = await eagerGraph("src/cli/run_root.ts");
  assertEquals(run.npm.includes("@commander-js/extra-typings"), false, run.npm.join(" "));
});

Deno.test("zot ext loads the MCP SDK only when it checks an MCP server", async () => {
  const graph = await eagerGraph("src/cli/program.ts");
  assertEquals(graph.npm.includes("@modelcontextprotocol/sdk"), false);
});

Deno.test("no provider loads an SDK at run time: SDK types only, our own transport", async () => {
  for (const root of ["src/providers/anthropic_provider.ts", "src/providers/openai_provider.ts"]) {
    const graph = await eagerGraph(root);
    for (const name of ["openai", "@anthropic-ai/sdk"]) {
      assertEquals(graph.npm.includes(name), false, `${root} loads ${name}`);
    }
    assertEquals(graph.npm.includes("eventsource-parser"), true, root);
  }
});

Deno.test("a run without extensions loads neither zod nor the extension runtime, sandbox or authoring", async () => {
  const graph = await eagerGraph("src/cli/run_root.ts");
  // No npm package at all: jsonc-parser loads only for a manifest that is not plain JSON.
  assertEquals(graph.npm, []);
  const host = graph.files.filter((f) =>
    /^src\/extensions\/(runtime|sandbox|authoring)\//.test(f) ||
    /^src\/protocol\/(codec|frames|hot_frames)\.ts$/.test(f)
  );
  assertEquals(host, []);
  // What it does load of src/extensions is discovery and trust, through run_mod.ts.
  assertEquals(graph.files.includes("src/extensions/run_mod.ts"), true);
  assertEquals(graph.files.includes("src/extensions/mod.ts"), false);
});

Deno.test("the protocol's entrance builds no zod schema; its codec does", async () => {
  const light = await eagerGraph("src/protocol/mod.ts");
  assertEquals(light.npm, []);
  const codec = await eagerGraph("src/protocol/codec.ts");
  assertEquals(codec.npm, ["zod"]);
});

Deno.test("loadHost's entry brings the runtime and the sandbox; zod loads as an extension boots", async () => {
  const graph = await eagerGraph("src/extensions/host_entry.ts");
  for (const part of ["runtime", "sandbox"]) {
    assertEquals(graph.files.includes(`src/extensions/${part}/mod.ts`), true, part);
  }
  // The read loop of each connection loads the codec (loadCodec) after the spawn.
  assertEquals(graph.npm.includes("zod"), false);
  assertEquals(graph.files.includes("src/protocol/codec.ts"), false);
});

Deno.test("a run loads no Node built-in; node:crypto only to hash a folder", async () => {
  // Each one starts Deno's Node layer; paths/ computes POSIX paths without it.
  const graph = await eagerGraph("src/cli/run_root.ts");
  assertEquals(graph.builtins, []);
  const sha = await eagerGraph("src/extensions/discovery/sha256.ts");
  assertEquals(sha.builtins, ["node:crypto"]);
});

Deno.test("rpc mode's code and the TUI's adapter load only when their mode runs", async () => {
  const graph = await eagerGraph("src/cli/run_root.ts");
  assertEquals(
    graph.files.filter((f) => /^src\/modes\/rpc(_(prompts|queries|work))?\.ts$/.test(f)),
    [],
  );
  const tui = ["interactive.ts", "interactive_commands.ts", "tui_asks.ts"].map((f) =>
    `src/modes/${f}`
  );
  assertEquals(graph.files.filter((f) => tui.includes(f)), []);
});

Deno.test("a run loads no `zot ext` management code: install, remove, enable and logs stay out", async () => {
  const graph = await eagerGraph("src/cli/run_root.ts");
  assertEquals(graph.files.filter((f) => f.startsWith("src/extensions/manage/")), []);
  // What decides which extensions run is still there.
  assertEquals(graph.files.includes("src/extensions/discovery/mod.ts"), true);
});

/**
 * The vector demo extension on Node, using the bundled SDK (../../zot_ext.mjs). A plain-JS
 * twin of demo.ts; the scenarios in ../*.json pin that both behave identically.
 */

import { block, createExtension, modify, replaceText, respond, result } from "../../zot_ext.mjs";

const ext = createExtension({ name: "vector-demo", version: "1.0.0" });

let release = () => {};
const released = new Promise((resolve) => release = resolve);

ext.command(
  "greet",
  "ask the model for a greeting",
  (args) => respond.prompt(`Greet ${args || "me"} briefly.`),
);
ext.command("ins", "insert text into the editor", (args) => respond.insert(args));
ext.command("show", "display a note", (args) => respond.display(`you said: ${args}`));
ext.command("quiet", "notify, then do nothing", async (args) => {
  await ext.notify("info", `quiet: ${args}`);
  return respond.noop();
});
ext.command("submit", "submit text as the user", (args) => {
  ext.submit(args);
});
ext.command("fail", "throw from the handler", () => {
  throw new Error("boom");
});
ext.command("bad", "answer with an error", (args) => respond.error(`bad input: ${args}`));
ext.command("wait", "answer once /release ran", async () => {
  await released;
  return respond.display("waited");
});
ext.command("release", "let /wait answer", () => {
  release();
  return respond.display("released");
});
ext.command(
  "host",
  "show hello_ack fields",
  () => respond.display(`model=${ext.host?.model} data_dir=${ext.host?.data_dir}`),
);

ext.tool(
  "echo",
  "Repeat text.",
  {
    type: "object",
    properties: { text: { type: "string" }, times: { type: "integer" } },
    required: ["text"],
  },
  ({ text, times }) => result.text(text.repeat(times ?? 1)),
);
ext.tool(
  "picture",
  "Return a tiny image.",
  { type: "object" },
  () => result.of([result.textBlock("a pixel"), result.imageBlock("iVBORw0KGgo=", "image/png")]),
);
ext.tool("refuse", "Fail on purpose.", { type: "object" }, () => result.error("nope"));
ext.tool("explode", "Throw from the handler.", { type: "object" }, () => {
  throw new Error("kaboom");
});

ext.on("turn_start", (event) => ext.notify("info", `turn ${event.step} started`));
ext.on("turn_end", (event) => ext.notify("info", `turn ended: ${event.stop}`));

ext.intercept("tool_call", (event) => {
  const args = event.tool_args ?? {};
  if (event.tool_name === "bash" && String(args.command).includes("rm -rf /")) {
    return block('refused: matches danger pattern "rm -rf /"');
  }
  if (event.tool_name === "read") return modify({ ...args, path: `safe/${args.path}` });
  if (event.tool_name === "crash") throw new Error("guard bug");
});
ext.intercept("assistant_message", (event) => {
  const text = event.text ?? "";
  if (text === "forbidden") return block("no");
  if (text.includes("secret")) return replaceText(text.replaceAll("secret", "[redacted]"));
});
ext.intercept("turn_start", (event) => {
  if ((event.step ?? 0) > 5) return block("too many turns");
});

await ext.run();

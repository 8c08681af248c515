/**
 * The protocol 1.1 vector demo on Node, using the bundled SDK (../../../zot_ext.mjs). A
 * plain-JS twin of demo.ts; the scenarios in ../*.json pin that both behave identically.
 */

import {
  addContext,
  ask,
  block,
  createExtension,
  replaceResult,
  replaceText,
  respond,
} from "../../../zot_ext.mjs";

const ext = createExtension({ name: "vector-demo-11", version: "1.1.0" });

ext.command("pick", "ask the user to pick a color", async () => {
  const color = await ext.ui.select("Pick a color", ["red", "green"], { default: "green" });
  return respond.display(`picked: ${color ?? "nothing"}`);
});
ext.command("sure", "ask the user to confirm", async () => {
  const yes = await ext.ui.confirm("Sure?", { timeoutMs: 5000 });
  return respond.display(yes === undefined ? "cancelled" : `sure: ${yes}`);
});

ext.on("agent_end", (event) => ext.notify("info", `agent ended: ${event.stop}`));

ext.intercept("tool_call", (event) => {
  if (event.tool_name === "bash") return ask("bash needs a human");
});
ext.intercept("tool_result", (event) => {
  if (event.tool_name === "read") return replaceResult("[redacted]", true);
  if (event.is_error) return addContext("hint: check the path");
});
ext.intercept("user_prompt", (event) => {
  const text = event.text ?? "";
  if (text.includes("forbidden")) return block("not allowed");
  if (text.startsWith("!")) return replaceText(text.slice(1));
  return addContext("project uses tabs");
});

await ext.run();

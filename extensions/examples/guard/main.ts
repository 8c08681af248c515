/**
 * guard: observes the agent's lifecycle and refuses dangerous bash commands before they
 * run, with a reason that names the pattern. TypeScript SDK on Deno, no permissions.
 */

import { allow, block, createExtension, respond } from "./zot_ext.mjs";
import { DANGER_PATTERNS, dangerIn } from "./patterns.ts";

const ext = createExtension({ name: "guard", version: "1.0.0" });

const stats = { turns: 0, toolCalls: 0, refused: [] as string[] };

ext.on("session_start", () => {
  ext.notify("info", `guard active: ${DANGER_PATTERNS.length} danger patterns`);
});
ext.on("turn_start", () => {
  stats.turns++;
});
ext.on("tool_call", (event) => {
  stats.toolCalls++;
  ext.log(`tool call ${event.tool_name} ${JSON.stringify(event.tool_args ?? {})}`);
});
ext.on("turn_end", (event) => {
  if (event.error) ext.log(`turn ended with ${event.stop}: ${event.error}`);
});

ext.intercept("tool_call", (event) => {
  const command = event.tool_args?.command;
  if (event.tool_name !== "bash" || typeof command !== "string") return allow();
  const danger = dangerIn(command);
  if (!danger) return allow();
  stats.refused.push(danger.name);
  ext.log(`refused ${JSON.stringify(command)} (${danger.name})`);
  return block(`refused: matches danger pattern "${danger.name}"`);
});

ext.command("guard", "show what the guard watches and has refused", () => {
  const refused = stats.refused.length === 0
    ? "nothing refused yet"
    : `refused ${stats.refused.length}: ${stats.refused.join(", ")}`;
  return respond.display(
    `guard: ${stats.turns} turns, ${stats.toolCalls} tool calls seen, ${refused}.\n` +
      `patterns: ${DANGER_PATTERNS.map((p) => p.name).join(", ")}`,
  );
});

await ext.run();

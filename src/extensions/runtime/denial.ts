/** Turns a Deno permission denial found in a tool result into a log note and a hint. */

import type { ExtensionSource } from "../manifest/mod.ts";
import type { ExtensionToolResult } from "./host_types.ts";
import { denialHint, findDenial } from "../sandbox/mod.ts";

/**
 * When a sandboxed extension's tool failed because Deno refused an access, notes it in the
 * extension's log and adds to the result which grant is missing, so the model can tell the
 * user what to run.
 */
export function explainDenial(
  result: ExtensionToolResult,
  owner: {
    name: string;
    spec?: { source: ExtensionSource; dir: string };
    note(text: string): void;
  },
  tool: string,
): void {
  for (const block of result.content) {
    if (block.type !== "text") continue;
    const denial = findDenial(block.text);
    if (!denial) continue;
    owner.note(
      `sandbox denied ${denial.permission} access to ${denial.target} during tool "${tool}"`,
    );
    result.content.push({
      type: "text",
      text: denialHint(
        { name: owner.name, source: owner.spec?.source, dir: owner.spec?.dir },
        denial,
      ),
    });
    return;
  }
}

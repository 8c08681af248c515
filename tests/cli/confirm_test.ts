/** Questions read their answer line by line: a pipe's next answer is kept for the next one. */

import { join } from "node:path";
import { assertEquals } from "../support/assert.ts";

const CONFIRM = join(import.meta.dirname!, "..", "..", "src", "cli", "confirm.ts");

Deno.test("two questions answered through one pipe each get their own line", async () => {
  const script = `
    import { confirm } from ${JSON.stringify(CONFIRM)};
    const output = { out: () => {}, err: () => {} };
    const first = await confirm(output, "first?");
    const second = await confirm(output, "second?");
    console.log(JSON.stringify([first, second]));
  `;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", script],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode("y\nyes\n"));
  await writer.close();
  const out = await child.output();
  assertEquals(new TextDecoder().decode(out.stdout).trim(), "[true,true]");
});

/** zot's entry point: the only place that exits the process. */
import { runCli } from "./src/cli/mod.ts";

if (import.meta.main) {
  const code = await runCli(Deno.args);
  Deno.exit(code);
}

/**
 * `zot ext list` as a user sees it: on a terminal an aligned table with a header; piped, the
 * documented plain format (tab-separated, no header, "-" for empty); `--json` for scripts.
 */

import { join } from "node:path";
import { assertEquals } from "../../support/assert.ts";
import { writeExtension } from "../../support/ext_dirs.ts";
import { TmuxSession } from "../../tui/support/tmux.ts";

const MAIN = join(import.meta.dirname!, "..", "..", "..", "main.ts");

async function home(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "zot-list-" });
  await writeExtension(join(dir, "extensions", "weather"), {
    name: "weather",
    version: "1.2.0",
    exec: "./w",
    description: "current weather",
  });
  await writeExtension(join(dir, "extensions", "jq"), { name: "jq", exec: "./j", enabled: false });
  return dir;
}

Deno.test("on a terminal zot ext list prints an aligned table under a header", async () => {
  const dir = await home();
  const s = await TmuxSession.start([Deno.execPath(), "run", "-A", MAIN, "ext", "list"], {
    cols: 160,
    env: { ZOT_HOME: dir, NO_COLOR: "1" },
    cwd: dir,
  });
  try {
    const screen = await s.waitFor("[exited");
    const lines = screen.split("\n").filter((l) => l.trim() !== "");
    assertEquals(lines.at(-1), "[exited 0]");
    const [header, ...rows] = lines.slice(0, -1);
    assertEquals(header.split(/\s{2,}/), [
      "NAME",
      "VERSION",
      "SOURCE",
      "STATE",
      "ACCESS",
      "DESCRIPTION",
      "PATH",
    ]);
    // Every column starts where its header does.
    for (const name of ["VERSION", "SOURCE", "STATE", "ACCESS", "PATH"]) {
      const at = header.indexOf(name);
      for (const row of rows) assertEquals(row[at - 1] + row[at - 2], "  ", `${name} in ${row}`);
    }
    assertEquals(rows.map((r) => r.split(/\s{2,}/).slice(0, 4).join(" ")), [
      "jq - global disabled",
      "weather 1.2.0 global enabled",
    ]);
  } finally {
    await s.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("piped, zot ext list prints the documented plain format and --json", async () => {
  const dir = await home();
  try {
    const run = async (...args: string[]) =>
      new TextDecoder().decode(
        (await new Deno.Command(Deno.execPath(), {
          args: ["run", "-A", MAIN, "ext", "list", ...args],
          cwd: dir,
          env: { ZOT_HOME: dir, NO_COLOR: "1" },
          stdin: "null",
        }).output()).stdout,
      );
    assertEquals(
      await run(),
      `jq\t-\tglobal\tdisabled\tunrestricted\t-\t${join(dir, "extensions", "jq")}\n` +
        `weather\t1.2.0\tglobal\tenabled\tunrestricted\tcurrent weather\t` +
        `${join(dir, "extensions", "weather")}\n`,
    );
    const rows = JSON.parse(await run("--json"));
    assertEquals(rows.map((r: { name: string; state: string }) => [r.name, r.state]), [
      ["jq", "disabled"],
      ["weather", "enabled"],
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

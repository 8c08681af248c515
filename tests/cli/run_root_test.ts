import { dirname, join } from "node:path";
import { TmuxSession } from "../tui/support/tmux.ts";

const repo = new URL("../../", import.meta.url).pathname;
const extDir = new URL("../tui/fixtures/tui_demo_ext", import.meta.url).pathname;

Deno.test("/reload-ext finds a relative --ext folder from the shell's folder, not --cwd", async () => {
  const home = await Deno.makeTempDir({ prefix: "zot-cli-home-" });
  const work = await Deno.makeTempDir({ prefix: "zot-cli-work-" });
  // The shell sits beside the extension folder and names it relatively; --cwd is elsewhere.
  const s = await TmuxSession.start([
    Deno.execPath(),
    "run",
    "-A",
    join(repo, "main.ts"),
    "--provider",
    "anthropic",
    "--api-key",
    "test-key",
    "--no-session",
    "--cwd",
    work,
    "--ext",
    "tui_demo_ext",
  ], { cols: 100, rows: 24, env: { ZOT_HOME: home }, cwd: dirname(extDir) });
  try {
    await s.waitFor("type a message");
    await s.type("/reload-ext");
    await s.send(["Enter"]);
    await s.waitFor("reloaded: 1 stopped, 1 loaded (1 ready)");
    await s.send(["C-c"]);
    await s.send(["C-c"]);
    await s.waitFor("[exited 0]");
  } finally {
    await s.close();
    await Deno.remove(home, { recursive: true });
    await Deno.remove(work, { recursive: true });
  }
});

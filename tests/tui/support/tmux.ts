/**
 * Drives a program inside a private tmux server: send-keys in, capture-pane out. Each
 * session uses its own socket so parallel tests and other tmux users never meet.
 */

async function tmux(socket: string, args: string[]): Promise<string> {
  const out = await new Deno.Command("tmux", {
    args: ["-L", socket, ...args],
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  if (!out.success) {
    throw new Error(`tmux ${args.join(" ")} failed: ${new TextDecoder().decode(out.stderr)}`);
  }
  return new TextDecoder().decode(out.stdout);
}

/** A program running in a tmux pane. */
export class TmuxSession {
  readonly socket: string;
  #closed = false;

  private constructor(socket: string) {
    this.socket = socket;
  }

  /** Starts `command` (argv) in a fresh tmux server with the given size and environment. */
  static async start(
    command: string[],
    opts: { cols?: number; rows?: number; env?: Record<string, string>; cwd?: string } = {},
  ): Promise<TmuxSession> {
    const socket = `zot-tui-${Deno.pid}-${crypto.randomUUID().slice(0, 8)}`;
    const s = new TmuxSession(socket);
    const env = Object.entries(opts.env ?? {}).flatMap(([k, v]) => ["-e", `${k}=${v}`]);
    const quoted = command.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
    // Keep the pane after exit so the last screen (and exit output) can be read.
    await tmux(socket, [
      "-f",
      "/dev/null",
      "new-session",
      "-d",
      "-s",
      "t",
      "-x",
      String(opts.cols ?? 100),
      "-y",
      String(opts.rows ?? 30),
      ...env,
      ...(opts.cwd ? ["-c", opts.cwd] : []),
      `${quoted}; echo "[exited $?]"; sleep 600`,
    ]);
    await tmux(socket, ["set-option", "-g", "extended-keys", "on"]).catch(() => "");
    return s;
  }

  /** Sends tmux key names or literal text (`literal: true`). */
  async send(keys: string[], literal = false): Promise<void> {
    await tmux(this.socket, ["send-keys", "-t", "t", ...(literal ? ["-l", "--"] : []), ...keys]);
  }

  /** Types literal text. */
  type(text: string): Promise<void> {
    return this.send([text], true);
  }

  /** The visible pane, as text (`escapes`: with the SGR sequences tmux saw). */
  capture(escapes = false): Promise<string> {
    return tmux(this.socket, ["capture-pane", "-p", ...(escapes ? ["-e"] : []), "-t", "t"]);
  }

  /** Polls the pane until predicate holds, or fails with the last screen. */
  async waitFor(
    predicate: string | ((screen: string) => boolean),
    timeoutMs = 15000,
  ): Promise<string> {
    const test = typeof predicate === "string" ? (s: string) => s.includes(predicate) : predicate;
    const deadline = Date.now() + timeoutMs;
    let screen = "";
    while (Date.now() < deadline) {
      screen = await this.capture();
      if (test(screen)) return screen;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`tmux pane never matched ${String(predicate)}; it shows:\n${screen}`);
  }

  /** Resizes the window. */
  async resize(cols: number, rows: number): Promise<void> {
    await tmux(this.socket, ["resize-window", "-t", "t", "-x", String(cols), "-y", String(rows)]);
  }

  /** Kills the tmux server and everything in it. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await tmux(this.socket, ["kill-server"]).catch(() => "");
    // tmux leaves the socket file behind; remove it so runs do not pile them up.
    const dir = Deno.env.get("TMUX_TMPDIR") ?? "/tmp";
    await Deno.remove(`${dir}/tmux-${Deno.uid() ?? 0}/${this.socket}`).catch(() => {});
  }

  /** `await using` closes the session. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/** Types `text` into the program and presses Enter. */
export async function submit(s: TmuxSession, text: string): Promise<void> {
  await s.type(text);
  await s.send(["Enter"]);
}

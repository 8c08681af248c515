/**
 * The raw baseline for starting extensions: spawns the commands in the JSON file given as
 * the first argument (LaunchSpec-like: command, args, dir, env, clearEnv), all at once, reads
 * each one's first line (its hello), then closes their stdin and waits for them to exit.
 * No protocol, no host, no process groups: what spawning those programs costs at the least.
 */

interface RawSpec {
  command: string;
  args: string[];
  dir: string;
  env?: Record<string, string>;
  clearEnv?: boolean;
}

async function firstLine(stream: ReadableStream<Uint8Array>): Promise<void> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || value.includes(10)) return;
    }
  } finally {
    await reader.cancel();
  }
}

const specs = JSON.parse(await Deno.readTextFile(Deno.args[0])) as RawSpec[];
const children = specs.map((s) =>
  new Deno.Command(s.command, {
    args: s.args,
    cwd: s.dir,
    env: s.env,
    clearEnv: s.clearEnv ?? false,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn()
);
await Promise.all(children.map((c) => firstLine(c.stdout)));
await Promise.all(children.map(async (c) => {
  await c.stdin.close();
  await c.status;
}));

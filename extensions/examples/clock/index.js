// clock: slash commands in plain Node, no SDK. The whole protocol by hand:
// NDJSON over stdin/stdout, one JSON object per line.
import process from "node:process";

const started = Date.now();

function emit(frame, then) {
  process.stdout.write(JSON.stringify(frame) + "\n", then);
}

function formatDuration(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}h ${m}m ${s}s` : m > 0 ? `${m}m ${s}s` : `${s}s`;
}

const commands = {
  now() {
    const now = new Date();
    const local = now.toLocaleString("en-GB", {
      dateStyle: "full",
      timeStyle: "long",
    });
    return { action: "display", display: `${local} (${now.toISOString()})` };
  },
  uptime() {
    const running = formatDuration(Date.now() - started);
    return {
      action: "prompt",
      prompt: `This zot session has been running for ${running}. ` +
        "Comment on that in one short, friendly sentence.",
    };
  },
};

function handle(msg) {
  switch (msg.type) {
    case "command_invoked": {
      const command = commands[msg.name];
      const response = command
        ? command(msg.args ?? "")
        : { action: "noop", error: `unknown command "${msg.name}"` };
      emit({ type: "command_response", id: msg.id, ...response });
      return true;
    }
    case "shutdown":
      // Exit once the ack is flushed: pipe writes are asynchronous on some platforms.
      emit({ type: "shutdown_ack" }, () => process.exit(0));
      return false;
    default: // hello_ack and anything newer: nothing to do
      return true;
  }
}

emit({
  type: "hello",
  name: "clock",
  version: "1.0.0",
  capabilities: ["commands"],
});
emit({
  type: "register_command",
  name: "now",
  description: "show the current date and time",
});
emit({
  type: "register_command",
  name: "uptime",
  description: "how long this session has run",
});
emit({ type: "ready" });

// Split on "\n" ourselves: readline would also split on U+2028/2029, which are legal in JSON.
let buffered = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  buffered += chunk;
  for (
    let nl = buffered.indexOf("\n");
    nl !== -1;
    nl = buffered.indexOf("\n")
  ) {
    const line = buffered.slice(0, nl).trim();
    buffered = buffered.slice(nl + 1);
    if (!line) continue;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      process.stderr.write(
        `[clock] ignored a line that is not JSON: ${line.slice(0, 200)}\n`,
      );
      continue;
    }
    if (!handle(msg)) {
      process.stdin.pause();
      return;
    }
  }
});
process.stdin.on("end", () => process.exit(0));

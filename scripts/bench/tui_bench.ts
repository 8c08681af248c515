/**
 * TUI benchmarks, each a ratio against a baseline measured in the same run (so the
 * numbers mean the same on a slow CI box and a fast laptop):
 *
 * - transcript_render: first frame of a 2,000-message transcript (markdown, code, tool
 *   calls and results) on a virtual terminal, against writing the very text that frame put
 *   on the screen (every line of it, tool calls and results included) as plain lines.
 * - transcript_rerender: the frame after one keystroke with that transcript on screen,
 *   against the first frame (how much the caches and the line diff save).
 * - keystroke_latency_streaming: key sent → character on the virtual screen while a
 *   response streams, against the same with the agent idle. pi-tui holds frames to one
 *   per 16 ms; that throttle is set to 0 here, and the key's arrival is seen on the write
 *   itself (no polling), so both arms measure zot's work rather than the throttle.
 *
 * Run alone: deno run -A scripts/bench/tui_bench.ts
 */

import { ChatApp } from "../../src/tui/mod.ts";
import { TUI } from "../../src/tui/pi_tui.ts";
import type { Message } from "../../src/messages/mod.ts";
import { ScriptedController, type Step } from "../../tests/tui/support/scripted_controller.ts";
import { VirtualTerminal } from "../../tests/tui/support/virtual_terminal.ts";

/** One benchmark result; the same shape as scripts/bench.ts's BenchResult rows. */
export interface TuiBenchResult {
  name: string;
  /** Milliseconds of the measured case (median). */
  value: number;
  /** Milliseconds of the baseline (median). */
  baseline: number;
  unit: "ms";
  /** value / baseline. */
  ratio: number;
  /** What the baseline is. */
  baselineName: string;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const tick = () => new Promise((r) => setTimeout(r, 0));

/** A synthetic conversation: user questions, markdown answers with code, tool calls. */
export function syntheticHistory(count: number): Message[] {
  const out: Message[] = [];
  for (let i = 0; out.length < count; i++) {
    out.push({
      role: "user",
      content: [{ type: "text", text: `question ${i}: how does part ${i} work?` }],
      time: "",
    });
    out.push({
      role: "assistant",
      content: [
        {
          type: "text",
          text: `Part **${i}** works like this:\n\n- it reads the file\n- it writes 你好 back\n\n` +
            "```ts\nconst x = " + i + "; // the value\nexport function f() { return x; }\n```",
        },
        { type: "tool_call", id: `t${i}`, name: "read", args: { path: `src/part_${i}.ts` } },
      ],
      time: "",
    });
    out.push({
      role: "tool",
      content: [{
        type: "tool_result",
        callId: `t${i}`,
        isError: false,
        content: [{
          type: "text",
          text: Array.from({ length: 12 }, (_, j) => `line ${j}`).join("\n"),
        }],
      }],
      time: "",
    });
  }
  return out.slice(0, count);
}

async function waitWrites(vt: VirtualTerminal, after: number): Promise<void> {
  while (vt.writes <= after) await tick();
  await vt.flush();
}

async function firstFrame(
  history: Message[],
): Promise<{ ms: number; app: ChatApp; vt: VirtualTerminal; run: Promise<void> }> {
  const vt = new VirtualTerminal(120, 40);
  const ctl = new ScriptedController();
  ctl.messages = history;
  const app = new ChatApp(ctl, { terminal: vt, color: true });
  const t0 = performance.now();
  const run = app.run();
  await waitWrites(vt, 0);
  // The first frame is one write after the cursor hide; wait for it.
  await waitWrites(vt, 1);
  return { ms: performance.now() - t0, app, vt, run };
}

// CSI, OSC and APC sequences (styles, cursor moves, links, pi-tui's cursor marker).
// deno-lint-ignore no-control-regex -- escape sequences are what it matches
const ESCAPES = /\x1b\[[0-9;?:]*[ -\/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b_[^\x07]*\x07/g;

/** Every line the app renders for this transcript, styles stripped. */
async function renderedLines(history: Message[]): Promise<string[]> {
  const { app, vt, run } = await firstFrame(history);
  const lines = app.tui.render(vt.columns).map((line) => line.replace(ESCAPES, ""));
  await close(app, vt, run);
  return lines;
}

async function plainWrite(lines: string[]): Promise<number> {
  const vt = new VirtualTerminal(120, 40);
  const text = lines.join("\r\n");
  const t0 = performance.now();
  vt.write(text);
  await vt.flush();
  const ms = performance.now() - t0;
  vt.dispose();
  return ms;
}

async function close(app: ChatApp, vt: VirtualTerminal, run: Promise<void>): Promise<void> {
  app.requestExit();
  await run;
  await vt.flush();
  vt.dispose();
}

/** Measures key → screen: sends a marker key, resolves once a write carrying it is processed. */
async function keyLatency(vt: VirtualTerminal, key: string): Promise<number> {
  const seen = Promise.withResolvers<void>();
  const write = vt.write;
  vt.write = (data: string) => {
    write.call(vt, data);
    if (data.includes(key)) seen.resolve();
  };
  const t0 = performance.now();
  try {
    vt.send(key);
    await seen.promise;
    await vt.flush();
    return performance.now() - t0;
  } finally {
    vt.write = write;
  }
}

/** Runs fn with pi-tui's frame throttle (16 ms between frames) off, then restores it. */
async function unthrottled<T>(fn: () => Promise<T>): Promise<T> {
  const before = Reflect.get(TUI, "MIN_RENDER_INTERVAL_MS");
  if (typeof before !== "number" || !Reflect.set(TUI, "MIN_RENDER_INTERVAL_MS", 0)) {
    throw new Error("pi-tui's TUI.MIN_RENDER_INTERVAL_MS is gone; update the TUI benchmark");
  }
  try {
    return await fn();
  } finally {
    Reflect.set(TUI, "MIN_RENDER_INTERVAL_MS", before);
  }
}

async function latency(streaming: boolean, samples: number): Promise<number> {
  const vt = new VirtualTerminal(120, 40);
  const gate = Promise.withResolvers<void>();
  const ctl = new ScriptedController((): Step[] => {
    const steps: Step[] = [];
    for (let i = 0; i < 2000; i++) steps.push({ text: `streamed word ${i} ` }, { delay: 5 });
    steps.push({ wait: gate.promise });
    return steps;
  });
  ctl.messages = syntheticHistory(200);
  const app = new ChatApp(ctl, { terminal: vt, color: true });
  const run = app.run();
  await waitWrites(vt, 1);
  if (streaming) {
    const before = vt.writes;
    vt.send("go\r");
    // Let the stream get going: twenty frames of it.
    while (vt.writes < before + 20) await tick();
  }
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    times.push(await keyLatency(vt, i % 2 ? "Q" : "J"));
  }
  gate.resolve();
  await close(app, vt, run);
  return median(times);
}

/** Runs the TUI benchmarks. */
export async function runTuiBench(
  opts: { messages?: number; rounds?: number; keystrokes?: number } = {},
): Promise<TuiBenchResult[]> {
  const messages = opts.messages ?? 2000;
  const rounds = opts.rounds ?? 3;
  const history = syntheticHistory(messages);
  const lines = await renderedLines(history);
  const first: number[] = [];
  const plain: number[] = [];
  const rerender: number[] = [];
  for (let r = 0; r < rounds; r++) {
    plain.push(await plainWrite(lines));
    const { ms, app, vt, run } = await firstFrame(history);
    first.push(ms);
    rerender.push(await keyLatency(vt, "K"));
    await close(app, vt, run);
  }
  const idle = await unthrottled(() => latency(false, opts.keystrokes ?? 20));
  const busy = await unthrottled(() => latency(true, opts.keystrokes ?? 20));
  const result = (name: string, v: number, b: number, baselineName: string): TuiBenchResult => ({
    name,
    value: v,
    baseline: b,
    unit: "ms",
    ratio: b > 0 ? v / b : Infinity,
    baselineName,
  });
  return [
    result(
      "transcript_render",
      median(first),
      median(plain),
      `writing the text that frame shows (${lines.length} lines) as plain lines`,
    ),
    result("transcript_rerender", median(rerender), median(first), "the first frame"),
    result(
      "keystroke_latency_streaming",
      busy,
      idle,
      "the same keystroke with the agent idle (frame throttle off in both)",
    ),
  ];
}

if (import.meta.main) {
  for (const r of await runTuiBench()) {
    console.log(
      `${r.name.padEnd(30)} ${r.value.toFixed(2).padStart(9)} ms  vs ${
        r.baseline.toFixed(2).padStart(9)
      } ms  ratio ${r.ratio.toFixed(2)}  (baseline: ${r.baselineName})`,
    );
  }
}

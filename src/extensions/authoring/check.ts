/**
 * `zot ext check`: starts one extension alone under a watchful host and reports, item by
 * item, what a broken extension usually gets wrong: the handshake, each registration, the
 * ready sentinel, answers to probes, the shutdown ack, and stray stdout.
 */

import { join } from "../../paths/mod.ts";
import { ZOT_VERSION, ZotPaths } from "../../config/mod.ts";
import { errorMessage } from "../../errors/mod.ts";
import {
  encodeFrameBytes,
  EVENT_NAMES,
  type ExtensionFrame,
  HOST_FEATURES,
  type HostFrame,
  INTERCEPTABLE_EVENTS,
  PROTOCOL_REVISION,
  PROTOCOL_VERSION,
  V1_1_EVENT_NAMES,
} from "../../protocol/mod.ts";
import { checkToolSchema } from "../../schema/mod.ts";
import { describeNoise, FrameTap, waitForFrame } from "./check_frames.ts";
import { probe, type ProbeTargets } from "./check_probe.ts";
import { checkMcp } from "./check_mcp.ts";
import {
  DEFAULT_BUILTIN_TOOLS,
  describeExit,
  ExtensionLog,
  ExtensionProcess,
  isUsableToolName,
  usableCommandName,
} from "../runtime/mod.ts";
import { planLaunches } from "../sandbox/mod.ts";
import type { DiscoveredExtension, LaunchSpec } from "../manifest/mod.ts";
import type { CheckItem, CheckReport, CheckStatus } from "./check_types.ts";

/** Knobs of checkExtension (the host's defaults unless a test needs them shorter). */
export interface CheckOptions {
  /** Names of zot's built-in slash commands (src/commands), which shadow an extension's. */
  builtinCommands: readonly string[];
  cwd: string;
  env: Record<string, string>;
  /** Call every command and tool with sample arguments. */
  probe?: boolean;
  helloTimeoutMs?: number;
  startupTimeoutMs?: number;
  readyIdleMs?: number;
  probeTimeoutMs?: number;
  shutdownMs?: number;
  /** The deno for sandboxed extensions (found on PATH when absent). */
  deno?: string | null;
}

type Registered = ProbeTargets;

/** Runs the checklist against one extension; never throws for anything the extension does. */
export async function checkExtension(
  ext: DiscoveredExtension,
  options: CheckOptions,
): Promise<CheckReport> {
  const scratch = await Deno.makeTempDir({ prefix: "zot-check-" });
  const items: CheckItem[] = [];
  const report = (status: CheckStatus, title: string, detail?: string) =>
    items.push(detail === undefined ? { status, title } : { status, title, detail });
  try {
    const stderr = await runChecks(ext, options, scratch, report);
    return {
      extension: ext.name,
      dir: ext.dir,
      ok: !items.some((i) => i.status === "fail"),
      items,
      stderr,
    };
  } finally {
    await Deno.remove(scratch, { recursive: true }).catch(() => {});
  }
}

type Report = (status: CheckStatus, title: string, detail?: string) => void;

/**
 * The launch as a session would plan it, but with a scratch ZOT_HOME, so the check touches
 * none of the user's logs, data and grants; a sandboxed extension gets exactly what its
 * manifest requests. Undefined (reported) when it would not start.
 */
async function planCheck(
  ext: DiscoveredExtension,
  options: CheckOptions,
  scratch: string,
  report: Report,
): Promise<LaunchSpec | undefined> {
  const plan = await planLaunches([{ ...ext, source: "flag" }], {
    paths: new ZotPaths(join(scratch, "home")),
    cwd: options.cwd,
    // Deno colours its own errors even into a file; the report is read as text.
    env: { ...options.env, NO_COLOR: "1" },
    runGrant: ext.manifest.permissions,
    deno: options.deno,
  });
  const spec = plan.specs[0];
  if (!spec) report("fail", "launch", plan.refused[0]?.reason ?? "the extension is disabled");
  return spec;
}

async function runChecks(
  ext: DiscoveredExtension,
  options: CheckOptions,
  scratch: string,
  report: Report,
): Promise<string> {
  report("pass", "manifest is valid", ext.manifestPath);
  const spec = await planCheck(ext, options, scratch, report);
  if (!spec) return "";
  const logPath = join(scratch, "stderr.log");
  if (spec.protocol === "mcp") {
    const timeouts = {
      timeoutMs: options.helloTimeoutMs ?? 5000,
      shutdownMs: options.shutdownMs ?? 2000,
    };
    await checkMcp(spec, { ...timeouts, probe: options.probe }, logPath, report);
    return await stderrOf(logPath, report);
  }
  const log = await ExtensionLog.open(logPath);
  let proc: ExtensionProcess;
  try {
    proc = ExtensionProcess.spawn(spec, log);
  } catch (err) {
    report("fail", "launch", errorMessage(err));
    await log.close();
    return "";
  }
  const tap = new FrameTap(proc.stdout);
  const send = (frame: HostFrame) => proc.write(encodeFrameBytes(frame)).catch(() => {});
  let hello = false;
  try {
    const started = Date.now();
    // The wait a session would give it: the manifest's startup timeout, else 30 s.
    const helloLimit = options.helloTimeoutMs ?? spec.timeouts?.startup ?? 30_000;
    const said = await expectHello(ext, tap, { started, limitMs: helloLimit }, report, proc);
    hello = said !== undefined;
    if (said !== undefined) {
      const v11 = reportProtocol(said, report);
      await send({
        type: "hello_ack",
        protocol_version: PROTOCOL_VERSION,
        zot_version: ZOT_VERSION,
        provider: "check",
        model: "check",
        cwd: options.cwd,
        extension_dir: ext.dir,
        data_dir: join(scratch, "data"),
        // As the host: 1.1 fields only for an extension that announced 1.1.
        ...(v11 ? { protocol: PROTOCOL_REVISION, features: [...HOST_FEATURES] } : {}),
      });
      const registered = await collectRegistrations(tap, { ...options, v11 }, started, report);
      if (options.probe) {
        await probe(registered, tap, send, options.probeTimeoutMs ?? 10_000, report);
      } else if (registered.commands.length + registered.tools.length > 0) {
        report(
          "skip",
          "probe commands and tools",
          "pass --probe to call each with sample arguments",
        );
      }
      await expectShutdownAck(tap, send, options.shutdownMs ?? 2000, report);
    }
  } finally {
    const stop = await proc.stop(Date.now() + (options.shutdownMs ?? 2000), 1000);
    await tap.done;
    if (stop.escalation !== "none") {
      report(
        "fail",
        "exit after shutdown",
        `it did not exit by itself; zot sent ${stop.escalation}`,
      );
    } else if (hello) {
      report("pass", "exit after shutdown", describeExit(stop.status));
    }
    reportNoise(tap, report);
    await log.close();
  }
  return await stderrOf(logPath, report);
}

async function stderrOf(logPath: string, report: Report): Promise<string> {
  const stderr = await Deno.readTextFile(logPath).catch(() => "");
  if (stderr.trim()) {
    report("info", "stderr", `${stderr.trimEnd().split("\n").length} line(s); shown below`);
  }
  return stderr;
}

async function expectHello(
  ext: DiscoveredExtension,
  tap: FrameTap,
  window: { started: number; limitMs: number },
  report: Report,
  proc: ExtensionProcess,
): Promise<string | false | undefined> {
  const { started, limitMs } = window;
  const first = await tap.next(started + limitMs);
  if (first === "timeout") {
    // The configured limit, not a difference of clock readings: under load those drift.
    report("fail", "hello", `no frame within ${limitMs} ms; the first frame must be hello`);
    return undefined;
  }
  if (first === "eof") {
    const status = await proc.status;
    report("fail", "hello", `the extension ${describeExit(status)} before sending hello`);
    return undefined;
  }
  if (first.kind !== "frame" || first.frame.type !== "hello") {
    const got = first.kind === "frame" ? first.frame.type : describeNoise(first);
    report("fail", "hello", `the first frame must be hello, got: ${got}`);
    return undefined;
  }
  report("pass", "hello", `after ${first.at - started} ms`);
  if (first.frame.name !== ext.name) {
    report(
      "fail",
      "hello name matches the manifest",
      `hello says "${first.frame.name}" but extension.json says "${ext.name}"; ` +
        "zot loads it under the manifest's name",
    );
  } else report("pass", "hello name matches the manifest", `"${ext.name}"`);
  return first.frame.protocol ?? false;
}

/** Reports the protocol the hello announced; true when it is 1.1. */
function reportProtocol(said: string | false, report: Report): boolean {
  if (said === false) {
    report("pass", "protocol", 'v1 (no "protocol" in hello): zot sends exactly the v1 frames');
    return false;
  }
  if (said !== PROTOCOL_REVISION) {
    report(
      "warn",
      "protocol",
      `hello says "${said}"; zot speaks ${PROTOCOL_REVISION} and answers so`,
    );
  } else {
    report("pass", "protocol", `${said}: hello_ack lists the host's features`);
  }
  return true;
}

async function collectRegistrations(
  tap: FrameTap,
  options: CheckOptions & { v11: boolean },
  started: number,
  report: Report,
): Promise<Registered> {
  const registered: Registered = { commands: [], tools: [] };
  const limitMs = options.startupTimeoutMs ?? 3000;
  const deadline = started + limitMs;
  const idleMs = options.readyIdleMs ?? 250;
  let idleUntil = Date.now() + idleMs;
  while (true) {
    const next = await tap.next(Math.min(deadline, idleUntil));
    if (next === "eof") {
      report("fail", "ready", "the extension exited during registration");
      return registered;
    }
    if (next === "timeout") {
      if (Date.now() >= deadline) {
        report("fail", "ready", `no ready frame within ${limitMs} ms of start`);
      } else {
        report(
          "warn",
          "ready",
          `no ready frame; zot treats it as ready after ${idleMs} ms without frames. ` +
            'Send {"type":"ready"} after the last registration',
        );
      }
      return registered;
    }
    idleUntil = Date.now() + idleMs;
    if (next.kind !== "frame") continue;
    if (next.frame.type === "ready") {
      report("pass", "ready", `after ${next.at - started} ms`);
      return registered;
    }
    noteRegistration(next.frame, registered, options, report);
  }
}

function noteRegistration(
  frame: ExtensionFrame,
  registered: Registered,
  options: { builtinCommands: readonly string[]; v11: boolean },
  report: Report,
): void {
  const builtinCommands = options.builtinCommands;
  switch (frame.type) {
    case "register_command": {
      const name = usableCommandName(frame.name);
      if (name === undefined) {
        report(
          "fail",
          `command ${JSON.stringify(frame.name)}`,
          "not a usable command name (no spaces or control characters, at most 64); zot skips it",
        );
        return;
      }
      registered.commands.push(name);
      const shadowed = builtinCommands.includes(name);
      report(
        shadowed ? "warn" : "pass",
        `command /${name}`,
        shadowed
          ? "a built-in command has this name and wins"
          : frame.description || "(no description)",
      );
      return;
    }
    case "register_tool": {
      if (!isUsableToolName(frame.name)) {
        report(
          "fail",
          `tool ${JSON.stringify(frame.name)}: name`,
          'not a usable tool name (letters, digits, "_" and "-", at most 64); zot skips it',
        );
        return;
      }
      const problems = checkToolSchema(frame.schema ?? { type: "object" });
      if (problems.length) {
        report("fail", `tool ${frame.name}: schema`, problems.join("; "));
        return;
      }
      registered.tools.push({ name: frame.name, schema: frame.schema });
      const shadowed = DEFAULT_BUILTIN_TOOLS.includes(frame.name);
      report(
        shadowed ? "warn" : "pass",
        `tool ${frame.name}: schema`,
        shadowed ? "a built-in tool has this name and wins" : "valid JSON Schema for an object",
      );
      return;
    }
    case "subscribe":
      reportSubscribe(frame, options.v11, report);
      return;
    default:
      return;
  }
}

async function expectShutdownAck(
  tap: FrameTap,
  send: (frame: HostFrame) => Promise<void>,
  timeoutMs: number,
  report: Report,
): Promise<void> {
  await send({ type: "shutdown" });
  const started = Date.now();
  const ack = await waitForFrame(tap, started + timeoutMs, (f) => f.type === "shutdown_ack");
  if (typeof ack === "string") {
    report(
      "fail",
      "shutdown_ack",
      ack === "eof"
        ? "the extension exited without sending shutdown_ack"
        : `no shutdown_ack within ${timeoutMs} ms`,
    );
  } else report("pass", "shutdown_ack", `after ${Date.now() - started} ms`);
}

function reportNoise(tap: FrameTap, report: Report): void {
  if (!tap.noise.length) {
    report("pass", "stdout carries frames only");
    return;
  }
  const samples = tap.noise.slice(0, 3).map(describeNoise).join("; ");
  report(
    "fail",
    "stdout carries frames only",
    `${tap.noise.length} line(s) that are not frames (${samples}); log to stderr instead`,
  );
}

/** Checks subscribe's names, and that 1.1 names come with a 1.1 hello. */
function reportSubscribe(
  frame: Extract<ExtensionFrame, { type: "subscribe" }>,
  v11: boolean,
  report: Report,
): void {
  const unknown = frame.events.filter((e) => !(EVENT_NAMES as readonly string[]).includes(e));
  const notInterceptable = frame.intercept.filter((e) =>
    !(INTERCEPTABLE_EVENTS as readonly string[]).includes(e)
  );
  const newer = [...frame.events, ...frame.intercept].filter((e) =>
    (V1_1_EVENT_NAMES as readonly string[]).includes(e) || e === "user_prompt"
  );
  const problems: string[] = [];
  if (unknown.length) problems.push(`unknown events ignored: ${unknown.join(", ")}`);
  if (notInterceptable.length) {
    problems.push(`cannot be intercepted (ignored): ${notInterceptable.join(", ")}`);
  }
  if (newer.length && !v11) {
    problems.push(
      `${[...new Set(newer)].join(", ")} are protocol 1.1; add "protocol":"1.1" to hello so ` +
        "hello_ack lists the features (they work either way)",
    );
  }
  report(
    problems.length ? "warn" : "pass",
    "subscribe",
    problems.length ? problems.join("; ") : `events: ${frame.events.join(", ") || "none"}; ` +
      `intercept: ${frame.intercept.join(", ") || "none"}`,
  );
}

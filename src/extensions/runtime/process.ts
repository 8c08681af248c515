/**
 * One extension subprocess: spawn with piped stdio in its own process group, stderr
 * appended to its log, and the stop ladder (close stdin → grace → SIGTERM to the group →
 * kill grace → SIGKILL to the group → sweep strays). The child is always reaped and
 * stderr always drained; stdout belongs to the connection that reads frames from it.
 * Where bubblewrap exists the leader is bwrap and the extension runs in a PID namespace of
 * its own (see sandbox/bwrap.ts): group signals still reach it (bwrap keeps the session),
 * and a `setsid` daemon that left the group dies with the namespace.
 */

import { ExtensionError } from "../../errors/mod.ts";
import type { ExtensionLog } from "./log.ts";
import { settlesWithin } from "../../timing/mod.ts";
import { signalGroup, sweepGroup } from "./process_group.ts";
import type { LaunchSpec } from "../manifest/mod.ts";

/** How a stop went: the exit status, how far the ladder had to go, and what became of strays. */
export interface StopReport {
  status: Deno.CommandStatus;
  /** `none`: exited within the grace; otherwise the last signal the leader needed. */
  escalation: "none" | "SIGTERM" | "SIGKILL";
  /**
   * What was left in the process group after the leader exited; `namespace` when the
   * extension's PID namespace ended with it, which leaves nothing to look for.
   */
  strays: "empty" | "namespace" | "terminated" | "killed";
}

/**
 * What a stop had to do beyond a clean exit, for the log: empty, or `; it had to be sent
 * SIGKILL (did not exit in time)` and/or `; leftover processes in its group were killed`.
 */
export function describeStop(report: StopReport): string {
  const ladder = report.escalation === "none"
    ? ""
    : `; it had to be sent ${report.escalation} (did not exit in time)`;
  const strays = report.strays === "empty" || report.strays === "namespace"
    ? ""
    : `; leftover processes in its group were ${report.strays}`;
  return ladder + strays;
}

/** Describes an exit status for messages: `exited with code 1`, `was killed by SIGKILL`. */
export function describeExit(status: Deno.CommandStatus): string {
  return status.signal ? `was killed by ${status.signal}` : `exited with code ${status.code}`;
}

/** A spawned extension process. */
export class ExtensionProcess {
  /** Process id, also the process group id. */
  readonly pid: number;
  /** The child's stdout; the reader must consume or cancel it. */
  readonly stdout: ReadableStream<Uint8Array>;
  /** Resolves when the child has exited and been reaped; never rejects. */
  readonly status: Promise<Deno.CommandStatus>;
  #child: Deno.ChildProcess;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #stderrReader: ReadableStreamDefaultReader<Uint8Array>;
  #stderrDone: Promise<void>;
  #exit: Deno.CommandStatus | undefined;
  #stdinClosed: Promise<void> | undefined;
  #stop: Promise<StopReport> | undefined;
  /** The group was found empty after the leader exited: its id may be reused from now on. */
  #swept = false;
  readonly #pidNamespace: boolean;

  private constructor(child: Deno.ChildProcess, log: ExtensionLog, pidNamespace: boolean) {
    this.#child = child;
    this.#pidNamespace = pidNamespace;
    this.pid = child.pid;
    this.stdout = child.stdout;
    this.#writer = child.stdin.getWriter();
    this.status = child.status.then((status) => (this.#exit = status));
    this.#stderrReader = child.stderr.getReader();
    this.#stderrDone = drain(this.#stderrReader, log);
  }

  /** Spawns the extension in its folder; throws ExtensionError when it cannot start. */
  static spawn(spec: LaunchSpec, log: ExtensionLog): ExtensionProcess {
    let child: Deno.ChildProcess;
    try {
      // Its own process group either way: setsid(1) makes it one cheaply (not being a group
      // leader, it calls setsid() and execs the program under the same pid), else `detached`.
      const [command, args] = spec.setsid
        ? [spec.setsid, [spec.command, ...spec.args]]
        : [spec.command, spec.args];
      child = new Deno.Command(command, {
        args,
        cwd: spec.dir,
        env: spec.env,
        clearEnv: spec.clearEnv ?? false,
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
        detached: !spec.setsid && Deno.build.os !== "windows",
      }).spawn();
    } catch (err) {
      throw spawnError(spec, err);
    }
    return new ExtensionProcess(child, log, spec.pidNamespace ?? false);
  }

  /** The exit status once the child has exited. */
  get exitStatus(): Deno.CommandStatus | undefined {
    return this.#exit;
  }

  /** Writes bytes to the child's stdin, honouring backpressure. Rejects if the pipe broke. */
  write(bytes: Uint8Array): Promise<void> {
    // `ready` is settled unless the pipe is full; awaiting it anyway costs a turn per write.
    const writer = this.#writer;
    return writer.desiredSize !== null && writer.desiredSize > 0
      ? writer.write(bytes)
      : writer.ready.then(() => writer.write(bytes));
  }

  /** Closes stdin (EOF for the child) after pending writes; never rejects. */
  closeStdin(): Promise<void> {
    this.#stdinClosed ??= this.#writer.close().catch(() => this.#writer.abort().catch(() => {}));
    return this.#stdinClosed;
  }

  /** SIGKILLs the whole process group now (for an exit hook, where nothing can be awaited). */
  killNow(): void {
    // Until the sweep has seen the group empty, strays may still hold the group id (and
    // while they do, the kernel cannot hand that id out again), so signalling it is safe.
    if (this.#swept) return;
    if (!signalGroup(this.pid, "SIGKILL") && !this.#exit) {
      try {
        this.#child.kill("SIGKILL");
      } catch {
        // already gone
      }
    }
  }

  /**
   * The stop ladder. Closes stdin, waits for exit until `deadline` (at least 100 ms),
   * then SIGTERM to the group, `killGraceMs`, SIGKILL to the group; then sweeps strays
   * left in the group and drains stderr. Idempotent: later calls share the first stop.
   */
  stop(deadline: number, killGraceMs: number): Promise<StopReport> {
    this.#stop ??= this.#runStop(deadline, killGraceMs);
    return this.#stop;
  }

  async #runStop(deadline: number, killGraceMs: number): Promise<StopReport> {
    const graceMs = Math.max(100, deadline - Date.now());
    void this.closeStdin();
    let escalation: StopReport["escalation"] = "none";
    if (!(await settlesWithin(this.status, graceMs))) {
      escalation = "SIGTERM";
      this.#signal("SIGTERM");
      if (!(await settlesWithin(this.status, killGraceMs))) {
        escalation = "SIGKILL";
        this.#signal("SIGKILL");
      }
    }
    const status = await this.status;
    // Sweeping means scanning /proc for the group (it may still hold zombies until init
    // reaps them), so it is skipped where the namespace already took everything down.
    const strays = this.#pidNamespace ? "namespace" : await sweepGroup(this.pid, killGraceMs);
    this.#swept = true;
    // With the whole group gone both pipes reach EOF at once; the timeouts only cover a
    // stray that left the group on purpose and still holds a pipe.
    if (!(await settlesWithin(this.#stderrDone, 500))) {
      await this.#stderrReader.cancel().catch(() => {});
    }
    await settlesWithin(this.closeStdin(), 200);
    return { status, escalation, strays };
  }

  #signal(signal: Deno.Signal): void {
    if (signalGroup(this.pid, signal)) return;
    try {
      this.#child.kill(signal);
    } catch {
      // already exited
    }
  }
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, log: ExtensionLog) {
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      await log.raw(value);
    }
  } catch {
    // cancelled or broken: nothing more to read
  }
}

function spawnError(spec: LaunchSpec, err: unknown): ExtensionError {
  const hint = `check "exec" in its extension.json; see: zot ext logs ${spec.name}`;
  let cause = (err as Error).message;
  if (err instanceof Deno.errors.NotFound) {
    cause = `program ${JSON.stringify(spec.command)} was not found` +
      (spec.command.includes("/") ? "" : " on PATH");
  } else if (err instanceof Deno.errors.PermissionDenied) {
    cause = `program ${JSON.stringify(spec.command)} is not executable (chmod +x?)`;
  } else if (err instanceof Deno.errors.NotCapable) {
    cause = `zot lacks the permission to run ${JSON.stringify(spec.command)} (--allow-run)`;
  }
  return new ExtensionError(
    "ext_spawn_failed",
    spec.name,
    `cannot start extension "${spec.name}": ${cause}`,
    { hint, cause: err },
  );
}

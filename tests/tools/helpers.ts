/** Helpers shared by the built-in tool tests: temp folders, contexts, result text. */

import type { ToolContext, ToolOutput } from "../../src/tools/mod.ts";

/** Runs fn with a fresh temp folder that is removed afterwards. */
export async function withTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-tools-test-" }));
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** A tool context rooted at cwd. */
export function contextFor(cwd: string, extra: Partial<ToolContext> = {}): ToolContext {
  return { cwd, signal: new AbortController().signal, ...extra };
}

/** The joined text blocks of an output. */
export function textOf(output: ToolOutput): string {
  return output.content.map((b) => b.type === "text" ? b.text : `[image ${b.mimeType}]`).join("\n");
}

/** Whether a pid is gone (or a zombie nobody reaped: no longer running either way). */
export async function processGone(pid: number, deadlineMs = 3000): Promise<boolean> {
  const until = Date.now() + deadlineMs;
  while (true) {
    try {
      const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
      const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
      if (state === "Z" || state === "X") return true;
    } catch {
      return true;
    }
    if (Date.now() > until) return false;
    // The pipes closed, so the process is exiting; give the kernel a moment to finish.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Whether a pid is running now. */
export async function processRunning(pid: number): Promise<boolean> {
  try {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

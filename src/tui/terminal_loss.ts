/**
 * The terminal going away under the TUI. pi-tui's ProcessTerminal writes through Node's
 * `process.stdout`, and once the terminal is closed a write fails (EPIPE, EIO) with an
 * `error` event that, unheard, crashes zot: its extensions are then killed by the exit hook
 * instead of stopped, and the session is not closed. Heard, it ends the TUI like /exit.
 */

import process from "node:process";

/**
 * Calls `onLost` when the terminal can no longer be written or read. Stays installed for the
 * rest of the process: a write the renderer started before the TUI stopped can still fail.
 */
export function onTerminalLoss(onLost: () => void): void {
  process.stdout.on("error", onLost);
  process.stdin.on("error", onLost);
}

/** Terminal output for the CLI: plain writes, NO_COLOR-aware colour, and a progress spinner. */

const encoder = new TextEncoder();

/** Where CLI output goes; tests can swap in a capturing implementation. */
export interface Output {
  /** Writes text to stdout as is. */
  out(text: string): void;
  /** Writes text to stderr as is. */
  err(text: string): void;
  /** Whether stdout is an interactive terminal. */
  readonly isTty: boolean;
  /** Whether colour escapes may be written. */
  readonly color: boolean;
  /**
   * Aborted once stdout is closed by its reader (`zot … | head -1`); writes after that are
   * dropped, and long-running work listens to end early and quietly.
   */
  readonly closed?: AbortSignal;
}

/** Whether colour is allowed: NO_COLOR disables it, and it is only used on a terminal. */
export function colorAllowed(isTty: boolean): boolean {
  const noColor = Deno.env.get("NO_COLOR");
  if (noColor !== undefined && noColor !== "") return false;
  return isTty;
}

/**
 * Output to the process's stdout and stderr. A reader that closes early is not an error:
 * the broken pipe is noted once on `closed` and later writes are dropped, so no command or
 * mode has to handle it and none ends with an internal error.
 */
export function processOutput(): Output {
  const isTty = Deno.stdout.isTerminal();
  const closed = new AbortController();
  return {
    out: (text) => {
      if (closed.signal.aborted) return;
      if (!writeOrBrokenPipe(Deno.stdout, text)) closed.abort();
    },
    // A closed stderr leaves nowhere to report anything; carry on without it.
    err: (text) => void writeOrBrokenPipe(Deno.stderr, text),
    isTty,
    color: colorAllowed(isTty),
    closed: closed.signal,
  };
}

/** Writes all of `text`; false when the reader has closed the pipe. */
function writeOrBrokenPipe(stream: { writeSync(p: Uint8Array): number }, text: string): boolean {
  try {
    writeAll(stream, text);
    return true;
  } catch (err) {
    if (err instanceof Deno.errors.BrokenPipe) return false;
    throw err;
  }
}

function writeAll(stream: { writeSync(p: Uint8Array): number }, text: string): void {
  let bytes = encoder.encode(text);
  while (bytes.length > 0) {
    const n = stream.writeSync(bytes);
    bytes = bytes.subarray(n);
  }
}

const CODES = {
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  cyan: [36, 39],
  dim: [2, 22],
  bold: [1, 22],
} as const;

/** A colour name the CLI uses. */
export type Style = keyof typeof CODES;

/** Wraps text in an ANSI style when colour is on. */
export function paint(output: Output, style: Style, text: string): string {
  if (!output.color) return text;
  const [open, close] = CODES[style];
  return `\x1b[${open}m${text}\x1b[${close}m`;
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** A spinner on stderr for long work; prints one plain line instead when stderr is not a terminal. */
export class Spinner {
  #output: Output;
  #text: string;
  #timer?: ReturnType<typeof setInterval>;
  #frame = 0;
  #live: boolean;

  constructor(output: Output, text: string) {
    this.#output = output;
    this.#text = text;
    this.#live = Deno.stderr.isTerminal() && output.color;
  }

  /** Starts spinning (or prints the text once when not on a terminal). */
  start(): this {
    if (!this.#live) {
      this.#output.err(`${this.#text}…\n`);
      return this;
    }
    this.#timer = setInterval(() => {
      this.#frame = (this.#frame + 1) % FRAMES.length;
      this.#output.err(`\r${FRAMES[this.#frame]} ${this.#text}`);
    }, 80);
    return this;
  }

  /** Stops the spinner and leaves a final line. */
  stop(finalLine?: string): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    if (this.#live) this.#output.err("\r\x1b[2K");
    if (finalLine) this.#output.err(finalLine + "\n");
  }
}

/**
 * Stdio for Deno and Node from one source: where frames come from and go to, and keeping
 * stray console output off stdout so it cannot corrupt the frame stream.
 */

/** Where frames come from and where they go. */
export interface Transport {
  /** Bytes from the host. */
  input: AsyncIterable<Uint8Array>;
  /** Writes one complete line (newline included); resolves once it is handed off. */
  write(line: string): Promise<void>;
  /** Ends the process; absent for in-process use (tests, embedding). */
  exit?: (code: number) => void;
}

interface NodeWritable {
  write(chunk: string | Uint8Array, callback?: (err?: Error | null) => void): boolean;
  on?(event: "error", listener: (err: Error) => void): unknown;
}

interface NodeProcess {
  stdin: AsyncIterable<Uint8Array>;
  stdout: NodeWritable;
  stderr: NodeWritable;
  exit(code?: number): void;
}

interface DenoStdio {
  stdin: { readable: ReadableStream<Uint8Array> };
  stdout: { write(bytes: Uint8Array): Promise<number> };
  exit(code?: number): void;
}

const encoder = new TextEncoder();

function denoGlobal(): DenoStdio | undefined {
  return (globalThis as { Deno?: DenoStdio }).Deno;
}

function nodeProcess(): NodeProcess | undefined {
  return (globalThis as { process?: NodeProcess }).process;
}

/** The running process's stdin/stdout, under Deno or Node. */
export function processTransport(): Transport {
  const deno = denoGlobal();
  if (deno) {
    return {
      input: deno.stdin.readable,
      async write(line) {
        let bytes = encoder.encode(line);
        while (bytes.length > 0) bytes = bytes.subarray(await deno.stdout.write(bytes));
      },
      exit: (code) => deno.exit(code),
    };
  }
  const proc = nodeProcess();
  if (!proc) throw new Error("zot extension SDK: neither Deno nor Node stdio is available");
  const stdout = proc.stdout;
  const rawWrite = stdout.write.bind(stdout);
  // A vanished host is reported through each write's callback; without a listener Node
  // would also throw the same error as an uncaught exception.
  stdout.on?.("error", () => {});
  // Node code writes to process.stdout directly; only the SDK may, from now on.
  stdout.write = (chunk, callback) => proc.stderr.write(chunk, callback);
  return {
    input: proc.stdin,
    write: (line) =>
      new Promise((resolve, reject) => {
        rawWrite(line, (err) => err ? reject(err) : resolve());
      }),
    exit: (code) => proc.exit(code),
  };
}

type ConsoleMethod = "log" | "info" | "debug" | "dir" | "dirxml" | "table";

/** Sends console methods that print to stdout to stderr instead. */
export function routeConsoleToStderr(): void {
  const toStderr = console.error.bind(console);
  const methods: ConsoleMethod[] = ["log", "info", "debug", "dir", "dirxml", "table"];
  for (const method of methods) {
    (console as unknown as Record<ConsoleMethod, (...data: unknown[]) => void>)[method] = toStderr;
  }
}

/**
 * The ZotError family: every failure zot reports to a user is one of these.
 *
 * Each error has a stable `code` (for scripts and tests to match on), an
 * `exitCode` (only `main.ts` turns it into a process exit), and a message that
 * names the thing, the cause, and the next step.
 */

/** Options shared by every ZotError constructor. */
export interface ZotErrorOptions {
  /** The underlying error, kept for `--debug` output. */
  cause?: unknown;
  /** A short next step for the user, appended as "; <hint>". */
  hint?: string;
}

/** Base class of every error zot reports; carries a stable code and exit code. */
export class ZotError extends Error {
  /** Stable machine-readable code, e.g. `ext_not_found`. */
  readonly code: string;
  /** Process exit code main.ts uses when this error ends the run. */
  readonly exitCode: number;
  /** The next step for the user, if any. */
  readonly hint?: string;

  constructor(code: string, message: string, exitCode = 1, options: ZotErrorOptions = {}) {
    super(options.hint ? `${message}; ${options.hint}` : message, { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.exitCode = exitCode;
    this.hint = options.hint;
  }
}

/** Bad command-line usage: unknown flag, missing argument (exit 2). */
export class UsageError extends ZotError {
  constructor(message: string, options: ZotErrorOptions = {}) {
    super("usage", message, 2, options);
  }
}

/** A configuration or manifest file zot cannot use. */
export class ConfigError extends ZotError {
  constructor(code: string, message: string, options: ZotErrorOptions = {}) {
    super(code, message, 1, options);
  }
}

/** An extension failed: spawn, handshake, protocol, timeout, crash. */
export class ExtensionError extends ZotError {
  /** Name of the extension at fault. */
  readonly extension: string;

  constructor(code: string, extension: string, message: string, options: ZotErrorOptions = {}) {
    super(code, message, 1, options);
    this.extension = extension;
  }
}

/** A model provider failed: missing key, HTTP error, broken stream. */
export class ProviderError extends ZotError {
  /** HTTP status when the provider answered with one. */
  readonly status?: number;
  /** Whether the request may succeed if retried. */
  readonly retryable: boolean;

  constructor(
    code: string,
    message: string,
    options: ZotErrorOptions & { status?: number; retryable?: boolean } = {},
  ) {
    super(code, message, 1, options);
    this.status = options.status;
    this.retryable = options.retryable ?? false;
  }
}

/** A permission zot or an extension lacks (wraps Deno's NotCapable). */
export class PermissionError extends ZotError {
  constructor(code: string, message: string, options: ZotErrorOptions = {}) {
    super(code, message, 1, options);
  }
}

/** A tool was called with arguments it cannot use, or failed while running. */
export class ToolError extends ZotError {
  constructor(code: string, message: string, options: ZotErrorOptions = {}) {
    super(code, message, 1, options);
  }
}

/** The user or a client cancelled the work in progress (exit 130, as for SIGINT). */
export class CancelledError extends ZotError {
  constructor(message = "cancelled", options: ZotErrorOptions = {}) {
    super("cancelled", message, 130, options);
  }
}

/** Returns a one-line message for any thrown value. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

/** A release step failed: a download, a checksum, a platform with no build, a binary swap. */
export class ReleaseError extends ZotError {
  constructor(code: string, message: string, options: ZotErrorOptions = {}) {
    super(code, message, 1, options);
  }
}

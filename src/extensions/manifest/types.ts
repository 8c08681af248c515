/** Types shared by extension discovery/management and the runtime host. */

import type { ManifestTimeouts } from "./timeouts.ts";

/** Where an extension was found; decides precedence (flag, then project, then global). */
export type ExtensionSource = "flag" | "project" | "global";

/** A Deno permission value in a manifest: everything (`true`), nothing (`false`), or a list. */
export type PermissionValue = boolean | string[];

/** Deno permission names a manifest may request. */
export type PermissionName = "read" | "write" | "net" | "env" | "run" | "sys" | "ffi" | "import";

/** Requested Deno permissions, in Deno's terms (allow and deny). */
export interface PermissionRequest {
  allow: Partial<Record<PermissionName, PermissionValue>>;
  deny: Partial<Record<PermissionName, PermissionValue>>;
}

/** A validated `extension.json`. */
export interface Manifest {
  name: string;
  /** The program to run; "" for a remote MCP server (one with `url`). */
  exec: string;
  args: string[];
  version?: string;
  language?: string;
  description?: string;
  enabled: boolean;
  /** `deno` runs the extension under `deno run` with permission flags. */
  runtime?: "deno";
  permissions?: PermissionRequest;
  /** A guard that must be running for any tool call to run (fail closed). */
  required?: boolean;
  /** The manifest's own waits, in ms, within TIMEOUT_CAPS_MS. */
  timeouts?: ManifestTimeouts;
  /** `mcp`: the extension is an MCP server (stdio with `exec`, or remote with `url`). */
  protocol?: "mcp";
  /** Extra environment for the process; values may use `${env:NAME}`. */
  env?: Record<string, string>;
  /** A remote MCP server's streamable HTTP endpoint. */
  url?: string;
  /** HTTP headers for a remote MCP server; values may use `${env:NAME}`. */
  headers?: Record<string, string>;
}

/** A manifest found on disk, with where it came from. */
export interface DiscoveredExtension {
  /** The manifest's name (the extension's identity). */
  name: string;
  /** Absolute extension folder (cwd of the process, base for a relative exec). */
  dir: string;
  /** Absolute path of `extension.json`. */
  manifestPath: string;
  source: ExtensionSource;
  manifest: Manifest;
}

/** A manifest that could not be used, with the reason. Other extensions still load. */
export interface InvalidExtension {
  dir: string;
  manifestPath: string;
  source: ExtensionSource;
  reason: string;
}

/** What the host needs to start one extension. */
export interface LaunchSpec {
  name: string;
  dir: string;
  /** The program to run and its arguments, already resolved (see resolveExec). */
  command: string;
  args: string[];
  /** Extra environment; with `clearEnv` the child gets only this. */
  env?: Record<string, string>;
  clearEnv?: boolean;
  source: ExtensionSource;
  version?: string;
  /** The manifest's own waits, in ms (already within their caps). */
  timeouts?: ManifestTimeouts;
  /** `mcp`: speak MCP (through the official SDK) instead of zot's NDJSON protocol. */
  protocol?: "mcp";
  /** A remote MCP server (no process; `command` is ""), with headers already filled in. */
  remote?: { url: string; headers: Record<string, string> };
  /**
   * setsid(1), to start the program as the leader of a session and process group of its own:
   * the group the stop ladder signals, for a fraction of what a `detached` spawn costs (Deno
   * forks a detached child instead of using posix_spawn). Absent: the spawn is `detached`.
   */
  setsid?: string;
  /**
   * The program runs under bwrap in a PID namespace of its own (`--unshare-pid`, with
   * `--die-with-parent`): when the leader exits, bwrap's init dies with it and the kernel
   * kills everything left in the namespace, so the stop ladder has no strays to sweep.
   */
  pidNamespace?: boolean;
}

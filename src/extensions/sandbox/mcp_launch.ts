/**
 * The launch-plan steps MCP servers add: a remote server becomes a spec with no process
 * (its headers filled from the environment), and a stdio server is planned exactly like
 * an NDJSON extension (same resolution, same sandbox) and then marked as MCP, with its
 * manifest `env` filled in. An unset `${env:NAME}` refuses the launch, naming the variable.
 */

import { type DiscoveredExtension, expandEnvRefs, type LaunchSpec } from "../manifest/mod.ts";

/** What the MCP steps need from the run (a subset of LaunchContext). */
export interface McpLaunchContext {
  env: Record<string, string>;
}

type Refusal = { name: string; dir: string; source: DiscoveredExtension["source"]; reason: string };

/** The spec of a remote MCP server (the caller checked `url` is set). */
export function remoteMcpSpec(
  ext: DiscoveredExtension,
  context: McpLaunchContext,
): LaunchSpec | Refusal {
  const { values, missing } = expandEnvRefs(ext.manifest.headers ?? {}, context.env);
  if (missing.length) return refuse(ext, "headers", missing);
  const spec: LaunchSpec = {
    name: ext.name,
    dir: ext.dir,
    command: "",
    args: [],
    source: ext.source,
    protocol: "mcp",
    remote: { url: ext.manifest.url ?? "", headers: values },
  };
  if (ext.manifest.version !== undefined) spec.version = ext.manifest.version;
  return spec;
}

/** Adds the manifest's `env` and protocol to a planned spec; refuses on an unset variable. */
export function withManifestEnv(
  spec: LaunchSpec,
  ext: DiscoveredExtension,
  context: McpLaunchContext,
): LaunchSpec | Refusal {
  const out: LaunchSpec = { ...spec };
  if (ext.manifest.protocol === "mcp") out.protocol = "mcp";
  if (!ext.manifest.env) return out;
  const { values, missing } = expandEnvRefs(ext.manifest.env, context.env);
  if (missing.length) return refuse(ext, "env", missing);
  out.env = { ...(spec.env ?? {}), ...values };
  return out;
}

function refuse(ext: DiscoveredExtension, field: string, missing: string[]): Refusal {
  const names = missing.join(", ");
  return {
    name: ext.name,
    dir: ext.dir,
    source: ext.source,
    reason: `extension "${ext.name}": its "${field}" use \${env:${missing[0]}}` +
      `${missing.length > 1 ? ` (and ${missing.slice(1).join(", ")})` : ""}, which is not set; ` +
      `set ${names} in the environment zot runs in, or edit ${ext.manifestPath}`,
  };
}

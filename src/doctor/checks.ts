/**
 * `zot doctor`'s checks: what extensions and zot itself depend on, each with the fix when it
 * is missing. Nothing here prints a secret: provider keys are reported by where they are.
 */

import { basename, dirname, join } from "../paths/mod.ts";
import { resolveZotHome, which, ZOT_VERSION, ZotPaths } from "../config/mod.ts";
import { errorMessage } from "../errors/mod.ts";
import { apiKeyEnvVar, readAuthFile } from "../providers/mod.ts";
import { firstLine } from "./which.ts";
import { checkSandbox } from "./sandbox_check.ts";
import type { DoctorContext, DoctorItem } from "./types.ts";

/** The running process, as the checks see it. */
export function processContext(): DoctorContext {
  return {
    os: Deno.build.os,
    standalone: Deno.build.standalone,
    execPath: Deno.execPath(),
    env: Deno.env.toObject(),
    pid: Deno.pid,
  };
}

/** Runs every check, in the order the report shows them. */
export async function runDoctor(context: DoctorContext): Promise<DoctorItem[]> {
  const how = context.standalone ? "compiled binary" : "from source, under deno";
  return [
    { name: "zot", status: "ok", detail: `${ZOT_VERSION} (${how} at ${context.execPath})` },
    await checkDeno(context),
    await checkSandbox(context),
    ...checkInit(context),
    checkTool(context, "git", "installing extensions from a git URL (zot ext install <url>)"),
    checkTool(context, "python3", "Python extensions"),
    checkTool(context, "node", "Node.js extensions"),
    checkTool(context, "go", "Go extensions"),
    checkTool(context, "jq", "shell extensions made by zot ext new --lang shell"),
    await checkHome(context),
    ...checkKeys(context),
  ];
}

const INSTALL_DENO = "npm install -g deno@2.9.6, or set ZOT_DENO to a deno binary";

async function checkDeno(context: DoctorContext): Promise<DoctorItem> {
  const name = "deno";
  const explicit = context.env.ZOT_DENO;
  const deno = explicit || which("deno", context.env.PATH ?? "", context.os);
  if (deno) {
    const version = await firstLine(deno, ["--version"]);
    if (version) {
      const source = explicit ? `ZOT_DENO=${deno}` : deno;
      return { name, status: "ok", detail: `${source} (${version}): runs sandboxed extensions` };
    }
    return {
      name,
      status: "fail",
      detail: `${explicit ? `ZOT_DENO=${deno}` : deno} does not run as deno`,
      fix: explicit ? "point ZOT_DENO at a working deno binary, or unset it" : INSTALL_DENO,
    };
  }
  if (!context.standalone) {
    return {
      name,
      status: "ok",
      detail: `none on PATH; sandboxed extensions use the deno running zot (${context.execPath})`,
    };
  }
  return {
    name,
    status: "warn",
    detail: "no system deno: this compiled zot cannot run TypeScript itself, so extensions " +
      'with "runtime": "deno" (the ones Deno\'s permissions sandbox) will not start; ' +
      "extensions that are programs in any other language still run",
    fix: INSTALL_DENO,
  };
}

// As PID 1 (a container started without an init) zot inherits every orphan: bubblewrap's
// init after each sandboxed extension, a daemon an extension leaves. Deno cannot wait for a
// child it did not spawn, so those stay zombies until zot exits. Said only when it applies.
function checkInit(context: DoctorContext): DoctorItem[] {
  if (context.pid !== 1 || context.os === "windows") return [];
  return [{
    name: "init",
    status: "warn",
    detail: "zot is process 1 here (a container without an init): processes orphaned by " +
      "extensions are handed to zot, which cannot reap them, so they stay as zombies",
    fix: "start the container with an init: docker run --init, or tini as its entrypoint",
  }];
}

function checkTool(context: DoctorContext, tool: string, usedFor: string): DoctorItem {
  const found = which(tool, context.env.PATH ?? "", context.os);
  if (found && basename(dirname(found)) === "node_compat_bin") {
    // Deno puts its own `node` on PATH when there is none, so node programs run on Deno.
    return {
      name: tool,
      status: "warn",
      detail: `no Node.js: ${found} is Deno's Node compatibility shim, which Deno puts on ` +
        `PATH; ${usedFor} run on Deno's Node compatibility`,
      fix: "install Node.js from your package manager or nodejs.org",
    };
  }
  if (found) return { name: tool, status: "ok", detail: `${found}; for ${usedFor}` };
  const fix = tool === "git"
    ? "install git from your package manager"
    : tool === "go"
    ? "install Go from your package manager or go.dev"
    : `install ${tool} from your package manager`;
  return {
    name: tool,
    status: "warn",
    detail: `not found on PATH; needed only for ${usedFor}`,
    fix,
  };
}

async function checkHome(context: DoctorContext): Promise<DoctorItem> {
  const name = "$ZOT_HOME";
  let home: string;
  try {
    home = resolveZotHome({ os: context.os, get: (key) => context.env[key] });
  } catch (err) {
    return { name, status: "fail", detail: errorMessage(err), fix: "set ZOT_HOME" };
  }
  try {
    await Deno.mkdir(home, { recursive: true });
    const probe = join(home, `.doctor-${crypto.randomUUID()}`);
    await Deno.writeTextFile(probe, "");
    await Deno.remove(probe);
    return { name, status: "ok", detail: `${home} is writable` };
  } catch (err) {
    return {
      name,
      status: "fail",
      detail: `${home} is not writable: ${errorMessage(err)}`,
      fix: "fix its permissions, or set ZOT_HOME to a folder you own",
    };
  }
}

function checkKeys(context: DoctorContext): DoctorItem[] {
  let auth: Record<string, { api_key?: string }> = {};
  let authProblem: string | undefined;
  let authFile = "$ZOT_HOME/auth.json";
  try {
    const paths = new ZotPaths(resolveZotHome({ os: context.os, get: (k) => context.env[k] }));
    authFile = paths.authFile;
    // An unusable $ZOT_HOME is its own item; only a file that is there can be broken.
    if (isFile(authFile)) auth = readAuthFile(authFile);
  } catch {
    // The parse error can quote the file, and the file holds keys: name it, show nothing.
    authProblem = `${authFile} cannot be used (not shown: it may hold keys)`;
  }
  const providers = [...new Set(["anthropic", "openai", ...Object.keys(auth)])];
  const items = providers.map((provider): DoctorItem => {
    const envVar = apiKeyEnvVar(provider);
    const name = `${provider} key`;
    if (context.env[envVar]?.trim()) return { name, status: "ok", detail: `found in ${envVar}` };
    if (auth[provider]?.api_key?.trim()) {
      return { name, status: "ok", detail: `found in ${authFile}` };
    }
    return {
      name,
      status: "warn",
      detail: "none",
      fix: `set ${envVar}, pass --api-key, or add {"${provider}":{"api_key":"…"}} to ${authFile}`,
    };
  });
  if (authProblem) {
    items.push({
      name: "auth.json",
      status: "fail",
      detail: authProblem,
      fix: "fix the file, or delete it and set the keys again",
    });
  }
  return items;
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/**
 * What a module loads eagerly, read from `deno info --json`: the modules reached from a root
 * through static imports only. A dynamic `import()` is the lazy seam, so its target is left
 * out; type-only imports are erased at run time and left out too.
 */

interface InfoDependency {
  specifier: string;
  code?: { specifier: string };
  isDynamic?: boolean;
}

interface InfoModule {
  specifier: string;
  kind?: string;
  npmPackage?: string;
  dependencies?: InfoDependency[];
}

interface InfoGraph {
  roots: string[];
  modules: InfoModule[];
  redirects: Record<string, string>;
}

/** The eagerly loaded part of a module graph. */
export interface EagerGraph {
  /** Local file modules, as paths relative to the repository root. */
  files: string[];
  /** npm package names (without version), e.g. "openai", "@mariozechner/pi-tui". */
  npm: string[];
  /** Node built-ins, e.g. "node:path" (each pulls in Deno's Node layer). */
  builtins: string[];
}

const REPO = new URL("../../", import.meta.url);

async function denoInfo(root: string): Promise<InfoGraph> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", root],
    cwd: REPO,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 0) {
    throw new Error(`deno info ${root} failed: ${new TextDecoder().decode(stderr)}`);
  }
  return JSON.parse(new TextDecoder().decode(stdout)) as InfoGraph;
}

function packageName(id: string): string {
  // "@scope/name@1.2.3_peer@4" or "name@1.2.3"
  const at = id.indexOf("@", id.startsWith("@") ? 1 : 0);
  return at < 0 ? id : id.slice(0, at);
}

/** The modules `root` (a path relative to the repository) loads before any dynamic import. */
export async function eagerGraph(root: string): Promise<EagerGraph> {
  const info = await denoInfo(root);
  const byId = new Map(info.modules.map((m) => [m.specifier, m]));
  const follow = (s: string): string => info.redirects[s] ?? s;
  const seen = new Set<string>();
  const files = new Set<string>();
  const npm = new Set<string>();
  const builtins = new Set<string>();
  const stack = info.roots.map(follow);
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const mod = byId.get(id);
    if (mod?.npmPackage) npm.add(packageName(mod.npmPackage));
    if (id.startsWith("file:")) files.add(id.slice(REPO.href.length));
    if (id.startsWith("node:")) builtins.add(id);
    for (const dep of mod?.dependencies ?? []) {
      if (dep.isDynamic || !dep.code) continue;
      stack.push(follow(dep.code.specifier));
    }
  }
  return { files: [...files].sort(), npm: [...npm].sort(), builtins: [...builtins].sort() };
}

/**
 * POSIX paths computed exactly as Node's `path.posix` computes them, for the functions zot
 * uses. Ours because `node:path` starts Deno's Node layer (about 2.5 MiB of peak memory and a
 * tenth of a plain `zot -p`), and the npm ports are either CommonJS, which loads that same
 * layer, or normalise `\` to `/`, which is wrong for a file name on Linux and would let a
 * sandbox check see another path than the kernel opens. tests/paths/posix_test.ts holds each
 * function to `node:path`'s answer over thousands of generated paths.
 */

/** The path separator. */
export const sep = "/";

/** The separator of `PATH`-like lists. */
export const delimiter = ":";

/** Whether `path` starts at the root. */
export function isAbsolute(path: string): boolean {
  return path.startsWith("/");
}

/** The segments of `path` with `.` and empty ones dropped and `..` applied where it can be. */
function segments(path: string, absolute: boolean): string[] {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part !== "..") out.push(part);
    else if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
    // Above the root is the root; above a relative start, `..` stays.
    else if (!absolute) out.push("..");
  }
  return out;
}

/** `path` without `.`, `..` where it can go, or doubled slashes; a trailing slash is kept. */
export function normalize(path: string): string {
  if (path === "") return ".";
  const absolute = isAbsolute(path);
  let body = segments(path, absolute).join("/");
  if (body === "" && !absolute) body = ".";
  if (body !== "" && path.endsWith("/")) body += "/";
  return absolute ? `/${body}` : body;
}

/** The paths joined with `/` and normalised; `.` when all are empty. */
export function join(...paths: string[]): string {
  const joined = paths.filter((p) => p !== "").join("/");
  return joined === "" ? "." : normalize(joined);
}

/** The absolute path the paths lead to, from the right, starting at the working folder. */
export function resolve(...paths: string[]): string {
  let path = "";
  for (let i = paths.length - 1; i >= 0 && !isAbsolute(path); i--) {
    if (paths[i] !== "") path = path === "" ? paths[i] : `${paths[i]}/${path}`;
  }
  if (!isAbsolute(path)) path = path === "" ? Deno.cwd() : `${Deno.cwd()}/${path}`;
  return `/${segments(path, true).join("/")}`;
}

/** The path from `from` to `to`, both resolved first; `""` when they are the same. */
export function relative(from: string, to: string): string {
  const a = segments(resolve(from), true);
  const b = segments(resolve(to), true);
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  return [...a.slice(same).map(() => ".."), ...b.slice(same)].join("/");
}

/** Everything before the last segment, trailing slashes ignored; `.` or `/` when none. */
export function dirname(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === "/") end--;
  const slash = path.lastIndexOf("/", end - 1);
  if (slash < 0) return ".";
  if (slash === 0) return "/";
  // Node keeps the separator run before the last segment ("/a//b" → "/a/"), bar a leading "//".
  return slash === 1 && path[0] === "/" ? "//" : path.slice(0, slash);
}

/** The last segment, trailing slashes ignored. */
export function basename(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === "/") end--;
  return path.slice(path.lastIndexOf("/", end - 1) + 1, end);
}

/** The last segment's extension from its last dot; `""` for none or a leading dot alone. */
export function extname(path: string): string {
  const base = basename(path);
  const dot = base.lastIndexOf(".");
  return dot <= 0 || base === ".." ? "" : base.slice(dot);
}

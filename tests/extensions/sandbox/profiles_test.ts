/**
 * The OS-sandbox argv and profile text, pure: bwrap mounts in an order that keeps inner
 * grants visible and denies on top; the Seatbelt profile (which only macOS can run) denies
 * by default, quotes paths, and allows network only when granted.
 */

import { assert, assertEquals, assertIncludes } from "../../support/assert.ts";
import { bwrapArgs, systemEntries } from "../../../src/extensions/sandbox/bwrap.ts";
import type { Confinement } from "../../../src/extensions/sandbox/confine.ts";
import { programDirs } from "../../../src/extensions/sandbox/confine.ts";
import { sbplString, seatbeltProfile } from "../../../src/extensions/sandbox/seatbelt.ts";

function confinement(extra: Partial<Confinement> = {}): Confinement {
  return {
    readAll: false,
    writeAll: false,
    read: ["/home/u/.zot/extensions/x"],
    write: ["/home/u/.zot/ext-data/x"],
    hide: [],
    protect: [],
    net: false,
    cwd: "/home/u/.zot/extensions/x",
    home: "/home/u/.zot/ext-data/x",
    ...extra,
  };
}

Deno.test("bwrap: system read-only, private /tmp, shallow mounts before deep ones, denies on top", () => {
  const args = bwrapArgs(
    confinement({
      read: ["/data/project/sub", "/data"],
      write: ["/data/project"],
      hide: [{ path: "/data/secret", dir: true }, { path: "/data/key.pem", dir: false }],
      protect: ["/data/project/.git"],
    }),
    [{ path: "/usr" }, { path: "/lib", symlink: "usr/lib" }],
  );
  const text = args.join(" ");
  assertIncludes(text, "--ro-bind /usr /usr --symlink usr/lib /lib");
  assertIncludes(text, "--tmpfs /tmp");
  const at = (s: string) => text.indexOf(s);
  assert(at("--tmpfs /tmp") < at("--ro-bind /data /data"), text);
  assert(at("--ro-bind /data /data") < at("--bind /data/project /data/project"), text);
  assert(at("--bind /data/project /data/project") < at("--ro-bind /data/project/sub"), text);
  assert(at("--ro-bind /data/project/sub") < at("--tmpfs /data/secret"), text);
  assertIncludes(text, "--ro-bind /dev/null /data/key.pem");
  assertIncludes(text, "--ro-bind /data/project/.git /data/project/.git");
  assertEquals(args.slice(-3), ["--chdir", "/home/u/.zot/extensions/x", "--"]);
  assert(!text.includes("--share-net"), text);
});

Deno.test("bwrap: read everything binds / read-only over a private /tmp and /run; net shares the network", () => {
  const text = bwrapArgs(confinement({ readAll: true, net: true }), [{ path: "/usr" }]).join(" ");
  assertIncludes(text, "--share-net --ro-bind / /");
  assertIncludes(text, "--tmpfs /tmp --tmpfs /run");
  assert(!text.includes("--ro-bind /usr /usr"), text);
  const all = bwrapArgs(confinement({ writeAll: true }), []).join(" ");
  assert(!all.includes("--tmpfs"), all);
});

Deno.test("systemEntries finds this machine's system folders and its merged-/usr links", () => {
  const entries = systemEntries(["/usr", "/bin", "/no/such/dir"]);
  assertEquals(entries.map((e) => e.path), ["/usr", "/bin"]);
  const bin = Deno.lstatSync("/bin");
  assertEquals(entries[1].symlink !== undefined, bin.isSymlink);
});

Deno.test("an interpreter under bin/ brings its prefix, but never all of $HOME", () => {
  assertEquals(programDirs("/opt/node-20/bin/node", "/home/u"), ["/opt/node-20"]);
  assertEquals(programDirs("/home/u/.pyenv/versions/3.12/bin/python3", "/home/u"), [
    "/home/u/.pyenv/versions/3.12",
  ]);
  assertEquals(programDirs("/home/u/bin/tool", "/home/u"), ["/home/u/bin/tool"]);
  assertEquals(programDirs("/home/u/.local/bin/tool", "/home/u"), ["/home/u/.local/bin/tool"]);
  assertEquals(programDirs("/srv/ext/probe", "/home/u"), ["/srv/ext/probe"]);
});

Deno.test("seatbelt: deny by default, its folders by subpath, denies last, no network unless granted", () => {
  const profile = seatbeltProfile(
    confinement({ hide: [{ path: "/Users/u/.zot/extensions/x/keys", dir: true }] }),
  );
  const lines = profile.trim().split("\n");
  assertEquals(lines.slice(0, 2), ["(version 1)", "(deny default)"]);
  assertIncludes(profile, '(allow file-read* (subpath "/home/u/.zot/extensions/x"))');
  assertIncludes(profile, '(allow file-read* file-write* (subpath "/home/u/.zot/ext-data/x"))');
  assertEquals(lines.at(-1), '(deny file-read* (subpath "/Users/u/.zot/extensions/x/keys"))');
  assert(!profile.includes("network"), profile);
  const net = seatbeltProfile(confinement({ net: true }));
  assertIncludes(net, "(allow network-outbound)");
  // The network, but no Unix socket (as bwrap's seccomp filter), except the name resolver's.
  const deny = net.indexOf("(deny network-outbound (remote unix-socket))");
  const mdns = net.indexOf(
    '(allow network-outbound (remote unix-socket (path-literal "/private/var/run/mDNSResponder")))',
  );
  assert(net.indexOf("(allow network-outbound)") < deny && deny < mdns, net);
  assertIncludes(seatbeltProfile(confinement({ readAll: true })), "(allow file-read*)\n");
});

Deno.test("seatbelt: a path with quotes or backslashes cannot break out of its string", () => {
  assertEquals(sbplString('/a "b"\\c'), '"/a \\"b\\"\\\\c"');
  const profile = seatbeltProfile(confinement({ read: ['/x") (allow file-write* (subpath "/'] }));
  assertIncludes(profile, '(subpath "/x\\") (allow file-write* (subpath \\"/")');
});

Deno.test("bwrap: secrets of the system folders are hidden before the grants, which can show them again", () => {
  const c = confinement({ read: ["/etc/ssl/private"] });
  const text = bwrapArgs(c, [{ path: "/etc" }], [
    { path: "/etc/shadow", dir: false },
    { path: "/etc/ssl/private", dir: true },
  ]).join(" ");
  const hidden = text.indexOf("--ro-bind /dev/null /etc/shadow --tmpfs /etc/ssl/private");
  assert(hidden > text.indexOf("--ro-bind /etc /etc"), text);
  assert(text.indexOf("--ro-bind /etc/ssl/private /etc/ssl/private") > hidden, text);
  const all = bwrapArgs(confinement({ readAll: true }), [], [{ path: "/etc/shadow", dir: false }]);
  assert(!all.join(" ").includes("/etc/shadow"), "read everything means everything");
});

/** The seccomp filter, loaded by the real bwrap: no Unix socket, everything else as before. */

import { findBwrap } from "../../src/config/mod.ts";
import { filterFile, unixSocketFilter, withFilter } from "../../src/seccomp/mod.ts";
import { assertEquals } from "../support/assert.ts";

const PROBE = `
import errno, socket
try:
    socket.socket(socket.AF_UNIX).close()
    print("unix OK")
except OSError as err:
    print("unix " + errno.errorcode[err.errno])
a, b = socket.socketpair()
a.sendall(b"x")
print("pair OK" if b.recv(1) == b"x" else "pair BROKEN")
socket.socket(socket.AF_INET).close()
print("inet OK")
`;

async function underFilter(file: string, argv: string[]): Promise<string> {
  const bwrap = findBwrap(Deno.env.toObject());
  if (!bwrap) throw new Error("bwrap is not installed; .ci/run installs bubblewrap");
  const sandbox = ["--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev", "--", ...argv];
  const { command, args } = withFilter(bwrap, sandbox, file);
  const out = await new Deno.Command(command, { args, stdin: "null" }).output();
  assertEquals(out.success, true, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout);
}

Deno.test("under the filter socket(AF_UNIX) fails with EPERM; socketpair and AF_INET work", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = await filterFile(dir);
    assertEquals(typeof file, "string");
    const output = await underFilter(file!, ["python3", "-c", PROBE]);
    assertEquals(output, "unix EPERM\npair OK\ninet OK\n");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** Builds the io_uring probe (tests/fixtures/seccomp/uring_unix.c) into `dir`. */
async function uringProbe(dir: string): Promise<string> {
  const source = new URL("../fixtures/seccomp/uring_unix.c", import.meta.url).pathname;
  const binary = `${dir}/uring_unix`;
  const built = await new Deno.Command("gcc", { args: ["-O1", "-o", binary, source] }).output();
  assertEquals(built.success, true, new TextDecoder().decode(built.stderr));
  return binary;
}

/**
 * Runs the io_uring probe through `run` against a fresh abstract listener; whether the probe
 * reached it, with what the probe printed.
 */
async function uringAttack(
  run: (probe: string, address: string, dir: string) => Promise<string>,
): Promise<{ printed: string; reached: boolean }> {
  const dir = await Deno.makeTempDir();
  const name = `zot-uring-${crypto.randomUUID()}`;
  const listener = Deno.listen({ transport: "unix", path: `\0${name}` });
  const accepted = listener.accept().then((c) => (c.close(), true), () => false);
  let open = true;
  const close = () => open && (listener.close(), open = false);
  try {
    const printed = await run(await uringProbe(dir), `@${name}`, dir);
    // A connect that succeeded is queued, so accept takes it before the listener closes;
    // otherwise closing the listener ends the accept.
    if (printed !== "uring OK\n") close();
    return { printed, reached: await accepted };
  } finally {
    close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("io_uring cannot make the Unix socket the filter refuses socket() for", async () => {
  // IORING_OP_SOCKET makes the socket without socket(2); a plain connect() then reaches a
  // host daemon. The filter refuses io_uring itself.
  const attack = await uringAttack(async (probe, address, dir) =>
    underFilter((await filterFile(dir))!, [probe, address])
  );
  assertEquals(attack, { printed: "uring DENIED setup errno=1\n", reached: false });
});

Deno.test("without the filter the io_uring probe does reach the socket (it attacks for real)", async () => {
  const disabled = (await Deno.readTextFile("/proc/sys/kernel/io_uring_disabled").catch(() => "0"))
    .trim();
  assertEquals(disabled, "0", "io_uring is disabled on this kernel: the probe proves nothing here");
  const attack = await uringAttack(async (probe, address) => {
    const out = await new Deno.Command(probe, { args: [address], stdin: "null" }).output();
    return new TextDecoder().decode(out.stdout);
  });
  assertEquals(attack, { printed: "uring OK\n", reached: true });
});

Deno.test("the filter file is mended before each start when changed or removed", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = await filterFile(dir);
    assertEquals(await Deno.readFile(path!), unixSocketFilter());
    // Planted while zot runs: a program that allows everything (a bare RET ALLOW).
    await Deno.writeFile(path!, new Uint8Array([6, 0, 0, 0, 0, 0, 0xff, 0x7f]));
    assertEquals(await filterFile(dir), path);
    assertEquals(await Deno.readFile(path!), unixSocketFilter());
    await Deno.remove(path!);
    // Twenty extensions starting at once: one file, whole, and no staged copy left behind.
    await Promise.all(Array.from({ length: 20 }, () => filterFile(dir)));
    assertEquals(await Deno.readFile(path!), unixSocketFilter());
    assertEquals([...Deno.readDirSync(dir)].map((e) => e.name), [path!.split("/").at(-1)]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a filter for x86_64 and aarch64 only, each checking its own architecture", () => {
  assertEquals(unixSocketFilter("riscv64"), undefined);
  // The second word of the first jump is the AUDIT_ARCH value the program compares with.
  const arch = (bytes: Uint8Array) => new DataView(bytes.buffer).getUint32(12, true);
  assertEquals(arch(unixSocketFilter("x86_64")!), 0xc000003e);
  assertEquals(arch(unixSocketFilter("aarch64")!), 0xc00000b7);
});

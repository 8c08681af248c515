/**
 * The seccomp program every restricted process runs under: `socket(AF_UNIX, …)` fails with
 * EPERM, everything else is allowed. Bind mounts decide which files a sandboxed process
 * sees, but not which Unix sockets it can reach: a socket in a folder it may read still
 * accepts a connect, and with the network shared, so do the host's abstract sockets (X11,
 * D-Bus, tmux on some systems), any of which runs code outside the sandbox. A pair made by
 * `socketpair` (pipes between a program's own processes) stays allowed: it reaches nobody.
 * io_uring is refused whole: its IORING_OP_SOCKET makes a socket without calling socket(),
 * which a filter cannot see (libuv, the one common user, falls back to its thread pool).
 *
 * Written as classic BPF by hand: libseccomp would need FFI and a library on the user's
 * machine for a dozen instructions. Another architecture's calls (a 32-bit program, x32) are
 * refused whole, since their `socket` has another number and i386 multiplexes it.
 */

/** The architectures zot has a filter for, as `Deno.build.arch` names them. */
type FilterArch = "x86_64" | "aarch64";

// linux/audit.h, asm/unistd.h and linux/socket.h of each architecture.
const NATIVE: Record<FilterArch, { audit: number; socket: number }> = {
  x86_64: { audit: 0xc000003e, socket: 41 },
  aarch64: { audit: 0xc00000b7, socket: 198 },
};
const X32_BIT = 0x40000000;
// io_uring_setup, io_uring_enter and io_uring_register: the same on both architectures.
const IO_URING = [425, 426, 427];
const AF_UNIX = 1;
const EPERM = 1;

// linux/filter.h and linux/seccomp.h.
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JSET_K = 0x45;
const RET_K = 0x06;
const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;

// struct seccomp_data: nr, arch, instruction_pointer, args[6] (the low word first: both
// architectures are little-endian, and the kernel reads `family` as a 32-bit int).
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
const OFFSET_ARG0 = 16;

/** Where a jump goes: on to the next instruction, or to the verdict. */
type Target = "next" | "allow" | "deny";

/** One instruction; a jump names its targets, resolved to offsets by encode(). */
interface Step {
  code: number;
  k: number;
  ifTrue?: Target;
  ifFalse?: Target;
}

/** The filter for `arch` as bwrap's `--seccomp` reads it, or undefined where zot has none. */
export function unixSocketFilter(arch: string = Deno.build.arch): Uint8Array | undefined {
  if (arch !== "x86_64" && arch !== "aarch64") return undefined;
  const { audit, socket } = NATIVE[arch];
  return encode([
    { code: LD_W_ABS, k: OFFSET_ARCH },
    { code: JEQ_K, k: audit, ifTrue: "next", ifFalse: "deny" },
    { code: LD_W_ABS, k: OFFSET_NR },
    // An x32 call; the bit is never set on aarch64.
    { code: JSET_K, k: X32_BIT, ifTrue: "deny", ifFalse: "next" },
    ...IO_URING.map((nr): Step => ({ code: JEQ_K, k: nr, ifTrue: "deny", ifFalse: "next" })),
    { code: JEQ_K, k: socket, ifTrue: "next", ifFalse: "allow" },
    { code: LD_W_ABS, k: OFFSET_ARG0 },
    { code: JEQ_K, k: AF_UNIX, ifTrue: "deny", ifFalse: "allow" },
  ]);
}

/**
 * struct sock_filter[] (u16 code, u8 jt, u8 jf, u32 k, little-endian on both architectures)
 * for `steps` followed by the two verdicts, allow then deny.
 */
function encode(steps: Step[]): Uint8Array {
  const program = [
    ...steps,
    { code: RET_K, k: RET_ALLOW },
    { code: RET_K, k: RET_ERRNO | EPERM },
  ];
  const at = { allow: steps.length, deny: steps.length + 1 };
  const bytes = new Uint8Array(program.length * 8);
  const view = new DataView(bytes.buffer);
  program.forEach((step, i) => {
    // A jump's offset counts the instructions it skips.
    const offset = (t: Target = "next") => (t === "next" ? 0 : at[t] - i - 1);
    view.setUint16(i * 8, step.code, true);
    view.setUint8(i * 8 + 2, offset("ifTrue" in step ? step.ifTrue : undefined));
    view.setUint8(i * 8 + 3, offset("ifFalse" in step ? step.ifFalse : undefined));
    view.setUint32(i * 8 + 4, step.k, true);
  });
  return bytes;
}

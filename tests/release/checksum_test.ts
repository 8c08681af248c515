import { assertEquals } from "../support/assert.ts";
import { join } from "node:path";
import {
  assetName,
  formatSums,
  parseSums,
  sha256Hex,
  targetFor,
  TARGETS,
} from "../../src/release/mod.ts";

Deno.test("sha256Hex and formatSums agree with sha256sum, and parseSums reads its output", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const bytes = new TextEncoder().encode("zot\n");
    await Deno.writeFile(join(dir, "zot-a"), bytes);
    await Deno.writeFile(join(dir, "zot-b.exe"), new Uint8Array(0));
    const { stdout } = await new Deno.Command("sha256sum", {
      args: ["zot-a", "zot-b.exe"],
      cwd: dir,
    }).output();
    const real = new TextDecoder().decode(stdout);
    const ours = new Map([
      ["zot-b.exe", await sha256Hex(new Uint8Array(0))],
      ["zot-a", await sha256Hex(bytes)],
    ]);
    assertEquals(formatSums(ours), real);
    assertEquals(parseSums(real), ours);
    // Binary-mode lines (`*name`), CRLF and junk lines.
    assertEquals(
      parseSums(`${"A".repeat(64)} *zot-a\r\nnot a line\n`),
      new Map([["zot-a", "a".repeat(64)]]),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("targetFor maps Deno's and uname's names and refuses the rest", () => {
  assertEquals(targetFor("linux", "x86_64"), "x86_64-unknown-linux-gnu");
  assertEquals(targetFor("linux", "arm64"), "aarch64-unknown-linux-gnu");
  assertEquals(targetFor("darwin", "aarch64"), "aarch64-apple-darwin");
  assertEquals(targetFor("windows", "x86_64"), "x86_64-pc-windows-msvc");
  assertEquals(targetFor("windows", "aarch64"), undefined);
  assertEquals(targetFor("freebsd", "x86_64"), undefined);
  assertEquals(targetFor("linux", "riscv64"), undefined);
  assertEquals(TARGETS.map(assetName).filter((n) => n.endsWith(".exe")), [
    "zot-x86_64-pc-windows-msvc.exe",
  ]);
});

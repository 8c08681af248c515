import { join } from "node:path";
import { assertEquals } from "../../support/assert.ts";
import { ownerOnlyUnder } from "../../../src/extensions/sandbox/owner_only.ts";

Deno.test("ownerOnlyUnder finds what others may not read, and hides such a folder whole", async () => {
  const root = await Deno.makeTempDir();
  try {
    const file = (path: string, mode: number) =>
      Deno.writeTextFile(join(root, path), "x", { mode });
    await Deno.mkdir(join(root, "open", "deep"), { recursive: true });
    await Deno.mkdir(join(root, "closed"), { mode: 0o700 });
    await file("public.conf", 0o644);
    await file("shadow", 0o640);
    await file("open/deep/key.pem", 0o600);
    await file("closed/inside", 0o644);
    await Deno.symlink("/etc/shadow", join(root, "link"));
    const found = ownerOnlyUnder(root).map((h) => ({ ...h, path: h.path.slice(root.length) }));
    found.sort((a, b) => a.path < b.path ? -1 : 1);
    assertEquals(found, [
      { path: "/closed", dir: true },
      { path: "/open/deep/key.pem", dir: false },
      { path: "/shadow", dir: false },
    ]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

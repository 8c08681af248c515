import { ExtensionBus, type Notice } from "../../src/modes/mod.ts";
import { assertEquals } from "../support/assert.ts";

Deno.test("notices sent before any mode listens go to the first listener, in order", () => {
  const bus = new ExtensionBus();
  bus.notify({ extension: "a", level: "info", message: "one" });
  bus.notify({ extension: "a", level: "warn", message: "two" });
  const seen: Notice[] = [];
  const off = bus.onNotify((n) => seen.push(n));
  bus.notify({ extension: "b", level: "info", message: "three" });
  assertEquals(seen.map((n) => n.message), ["one", "two", "three"]);
  off();
  // A later listener does not get them again.
  const later: Notice[] = [];
  bus.onNotify((n) => later.push(n));
  assertEquals(later, []);
});

Deno.test("an unheard backlog keeps only the newest notices and says how many it dropped", () => {
  const bus = new ExtensionBus();
  for (let i = 0; i < 500; i++) bus.notify({ extension: "x", level: "info", message: `${i}` });
  const seen: string[] = [];
  bus.onNotify((n) => seen.push(n.message));
  assertEquals(seen.length, 101);
  assertEquals(
    seen[0],
    "400 earlier notices from this extension were dropped (more than 100 arrived before " +
      "zot was ready to show them)",
  );
  assertEquals(seen[1], "400");
  assertEquals(seen.at(-1), "499");
});

import { assertEquals } from "../support/assert.ts";
import { FakeHost } from "../support/fake_ext_host.ts";

const DIR = new URL("../../extensions/examples/scratchpad/", import.meta.url).pathname;

function command(id: string, name: string, args?: string) {
  return { type: "command_invoked", id, name, ...(args === undefined ? {} : { args }) };
}

async function display(host: FakeHost, id: string, name: string, args?: string) {
  const reply = await host.request(command(id, name, args));
  return reply.display ?? reply.error;
}

async function readNotes(host: FakeHost, id: string) {
  const reply = await host.request({ type: "tool_call", id, name: "read_notes", args: {} });
  return (reply.content as { text: string }[])[0].text;
}

Deno.test("scratchpad keeps notes in the data folder across restarts", async () => {
  const data = await Deno.makeTempDir({ prefix: "zot-scratchpad-" });
  const dataDir = `${data}/ext-data/scratchpad`; // does not exist yet: the extension creates it
  try {
    const first = await FakeHost.fromManifest(DIR);
    try {
      const { frames } = await first.handshake({ data_dir: dataDir, extension_dir: DIR });
      assertEquals(frames.map((f) => f.name), ["note", "notes", "clear-notes", "read_notes"]);
      assertEquals(await display(first, "1", "notes"), "no notes yet");
      assertEquals(await readNotes(first, "2"), "(the scratchpad is empty)");
      assertEquals(await display(first, "3", "note"), "usage: /note <text>");
      assertEquals(await display(first, "4", "note", "buy milk"), "noted (1 note)");
      assertEquals(await display(first, "5", "note", "ship the SDK ✓"), "noted (2 notes)");
      assertEquals(await first.shutdown(), 0);
    } finally {
      await first.close();
    }

    // A torn line (a crash mid-write) is skipped, the notes around it are kept.
    await Deno.writeTextFile(`${dataDir}/notes.jsonl`, '{"text": "half', { append: true });
    const second = await FakeHost.fromManifest(DIR);
    try {
      await second.handshake({ data_dir: dataDir });
      assertEquals(await readNotes(second, "6"), "1. buy milk\n2. ship the SDK ✓");
      assertEquals(await display(second, "6b", "note", "after the crash"), "noted (3 notes)");
      assertEquals(
        await display(second, "6c", "notes"),
        "1. buy milk\n2. ship the SDK ✓\n3. after the crash",
      );
      assertEquals(await display(second, "7", "clear-notes"), "cleared 3 notes");
      assertEquals(await display(second, "8", "notes"), "no notes yet");
      assertEquals(await second.shutdown(), 0);
    } finally {
      await second.close();
    }
  } finally {
    await Deno.remove(data, { recursive: true });
  }
});

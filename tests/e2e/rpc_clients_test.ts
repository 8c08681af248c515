/** `zot rpc` as the public clients written for the original zot use it. */

import { join } from "node:path";
import { assertEquals } from "../support/assert.ts";
import { FIXTURES, type RpcClient, World } from "./support.ts";

const LOOPER = join(FIXTURES, "looper");

Deno.test("zot rpc: a prompt without its message field names the field that is missing", async () => {
  await using world = await World.create();
  const rpc = world.rpc(["--no-ext"]);
  const missing = await rpc.request({ id: "1", type: "prompt", text: "hi" });
  assertEquals(missing.success, false);
  assertEquals(
    missing.error,
    'prompt: the "message" field is missing ("text" is for the command command); ' +
      'send {"type":"prompt","message":"…"}',
  );
  const empty = await rpc.request({ id: "2", type: "prompt", message: " " });
  assertEquals(empty.error, 'prompt: the "message" field is empty');
  assertEquals((await rpc.close()).code, 0);
});

/**
 * The published JS RPC client, as it behaves: prompt() sends the command, then reads lines
 * in order, ignoring ids and unknown types, until the first `done`; the answer is the text
 * of the last assistant_message before it.
 */
class PublishedClient {
  #rpc: RpcClient;
  #read = 0;
  #ids = 0;

  constructor(rpc: RpcClient) {
    this.#rpc = rpc;
  }

  async prompt(message: string): Promise<string> {
    await this.#rpc.send({ id: `c${++this.#ids}`, type: "prompt", message });
    let answer = "";
    while (true) {
      const index = this.#read;
      const line = await this.#rpc.next((l) => this.#rpc.lines.indexOf(l) >= index);
      this.#read = this.#rpc.lines.indexOf(line) + 1;
      if (line.type === "assistant_message") {
        const content = line.content as { type: string; text?: string }[];
        answer = content.map((b) => b.text ?? "").join("");
      }
      if (line.type === "done") return answer;
    }
  }
}

type Body = { messages: { role: string; content: unknown }[] };

/** The answer the scripted server gave to the request whose last user message says `text`. */
function answerTo(world: World, text: string, answers: string[]): string | undefined {
  const index = world.server.bodies().findIndex((b) =>
    JSON.stringify((b as Body).messages.at(-1)).includes(text)
  );
  return answers[index];
}

Deno.test("zot rpc: an extension's submit does not throw the published client out of step", async () => {
  const answers = ["LOOP started", "turn two", "turn three"];
  await using world = await World.create(answers.map((text) => ({ text })));
  const rpc = world.rpc(["--no-ext", "--ext", LOOPER]);
  const client = new PublishedClient(rpc);
  assertEquals(await client.prompt("start the loop"), "LOOP started");
  // A person types the next prompt later than a machine: by then the extension's submit
  // (sent when it saw the answer) has arrived, whatever zot made of it.
  await rpc.next((l) =>
    l.type === "ext_submit" ||
    (l.type === "user_message" && JSON.stringify(l.content).includes("continue the loop"))
  );
  const second = await client.prompt("second question");
  assertEquals(second, answerTo(world, "second question", answers));
  assertEquals(world.bodies().some((b) => b.includes("continue the loop")), false);
  // The submit is reported for the client to act on, not run behind its back.
  const submitted = rpc.lines.find((l) => l.type === "ext_submit");
  assertEquals(submitted, {
    type: "ext_submit",
    extension: "looper",
    text: "continue the loop",
    submit_id: "submit-1",
    run: false,
  });
  assertEquals((await rpc.close()).code, 0);
});

Deno.test("zot rpc --auto-submit runs a submit as its own prompt; every event names what started it", async () => {
  await using world = await World.create([{ text: "LOOP started" }, { text: "looping on" }]);
  const rpc = world.rpc(["--no-ext", "--ext", LOOPER, "--auto-submit"]);
  const state = await rpc.request({ id: "s", type: "get_state" });
  assertEquals((state.data as { auto_submit: boolean }).auto_submit, true);
  await rpc.request({ id: "1", type: "prompt", message: "start the loop" });
  await rpc.next((l) => l.type === "done" && l.id === "submit-1");
  const work = rpc.lines.filter((l) => l.type !== "response" && l.type !== "ext_submit");
  const first = work.findIndex((l) => l.type === "done");
  assertEquals(work.slice(0, first + 1).every((l) => l.request_id === "1"), true);
  const rest = work.slice(first + 1);
  assertEquals(rest[0].type, "user_message");
  assertEquals(rest.every((l) => l.request_id === "submit-1"), true, JSON.stringify(rest));
  const submitted = rpc.lines.find((l) => l.type === "ext_submit");
  assertEquals([submitted?.submit_id, submitted?.run], ["submit-1", true]);
  // The command turns it off again for the rest of the session.
  const off = await rpc.request({ id: "2", type: "set_auto_submit", enabled: false });
  assertEquals(off.data, { auto_submit: false });
  assertEquals((await rpc.close()).code, 0);
});

Deno.test("zot rpc starts without an API key; a prompt then fails with the missing-key error", async () => {
  await using world = await World.create();
  const rpc = world.rpc(["--no-ext"], { ANTHROPIC_API_KEY: "" });
  assertEquals((await rpc.request({ id: "1", type: "ping" })).success, true);
  await rpc.request({ id: "2", type: "prompt", message: "hi" });
  const done = await rpc.next((l) => l.type === "done");
  assertEquals(done.stop, "error");
  const error = rpc.lines.find((l) => l.type === "error");
  assertEquals(String(error?.message).startsWith("no API key for anthropic; set"), true);
  assertEquals((await rpc.close()).code, 0);
});

import { parseFrontmatter } from "../../src/skills/mod.ts";
import { assertEquals } from "../support/assert.ts";

Deno.test("frontmatter: plain, quoted and commented values, body after the fence", () => {
  const parsed = parseFrontmatter(
    '---\nname: pdf-tools\ndescription: "Fill PDF forms: fast" # trailing comment\nother: it\'s C# code\n---\n\n# Body\ntext\n',
  );
  assertEquals(parsed.data, {
    name: "pdf-tools",
    description: "Fill PDF forms: fast",
    other: "it's C# code",
  });
  assertEquals(parsed.body, "# Body\ntext\n");
  assertEquals(parsed.problems, []);
});

Deno.test("frontmatter: inline and block lists, folded and literal blocks", () => {
  const parsed = parseFrontmatter([
    "---",
    "allowed-tools: [read, 'bash']",
    "tags:",
    "  - one",
    '  - "two"',
    "description: >",
    "  Folded over",
    "  two lines.",
    "notes: |",
    "  keep",
    "  lines",
    "---",
    "body",
  ].join("\n"));
  assertEquals(parsed.data["allowed-tools"], ["read", "bash"]);
  assertEquals(parsed.data.tags, ["one", "two"]);
  assertEquals(parsed.data.description, "Folded over two lines.");
  assertEquals(parsed.data.notes, "keep\nlines");
  assertEquals(parsed.body, "body");
});

Deno.test("frontmatter: BOM and CRLF are accepted; no fence means all body", () => {
  const crlf = parseFrontmatter("\uFEFF---\r\nname: x\r\n---\r\nhello\r\n");
  assertEquals(crlf.data, { name: "x" });
  assertEquals(crlf.body, "hello\n");
  const none = parseFrontmatter("# Just markdown\n");
  assertEquals(none, { data: {}, body: "# Just markdown\n", problems: [] });
});

Deno.test("frontmatter: an unclosed fence and junk lines are problems, not crashes", () => {
  const open = parseFrontmatter("---\nname: x\nno end");
  assertEquals(open.data, {});
  assertEquals(open.problems, ["frontmatter starts with --- but has no closing ---"]);
  const junk = parseFrontmatter("---\nname: ok\n: nope\n---\n");
  assertEquals(junk.data, { name: "ok" });
  assertEquals(junk.problems, ['frontmatter line 3 is not "key: value": ": nope"']);
});

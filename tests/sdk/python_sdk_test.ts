import { assert, assertIncludes } from "../support/assert.ts";

const REPO = new URL("../../", import.meta.url).pathname;

Deno.test("the Python SDK's unittest suite passes", async () => {
  const { code, stdout, stderr } = await new Deno.Command("python3", {
    args: [
      "-B",
      "-W",
      "error::ResourceWarning",
      "-m",
      "unittest",
      "discover",
      "-s",
      "extensions/sdk/python",
    ],
    cwd: REPO,
    env: { PYTHONDONTWRITEBYTECODE: "1" },
  }).output();
  const report = new TextDecoder().decode(stderr) + new TextDecoder().decode(stdout);
  assert.equal(code, 0, report);
  const ran = report.match(/^Ran (\d+) tests? in /m);
  assert.ok(ran, `no "Ran N tests" line in:\n${report}`);
  assert.ok(Number(ran[1]) >= 15, `only ${ran[1]} tests ran:\n${report}`);
  assertIncludes(report, "\nOK");
});

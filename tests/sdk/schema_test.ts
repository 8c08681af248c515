import { assertEquals } from "../support/assert.ts";
import { type JsonSchema, schemaProblem } from "../../extensions/sdk/schema.ts";

const SCHEMA: JsonSchema = {
  type: "object",
  required: ["city"],
  properties: {
    city: { type: "string" },
    days: { type: "integer" },
    unit: { enum: ["c", "f"] },
    tags: { type: "array", items: { type: "string" } },
    opts: { type: "object", properties: { deep: { type: "boolean" } } },
  },
};

Deno.test("valid arguments pass; an integral float counts as an integer", () => {
  assertEquals(
    schemaProblem({ city: "Berlin", days: 2.0, unit: "c", tags: ["a"] }, SCHEMA),
    undefined,
  );
});

Deno.test("each problem is named exactly as the Python SDK names it", () => {
  assertEquals(schemaProblem([], SCHEMA), "arguments must be object");
  assertEquals(schemaProblem({}, SCHEMA), '"city" is required');
  assertEquals(schemaProblem({ city: 1 }, SCHEMA), '"city" must be string');
  assertEquals(schemaProblem({ city: "x", days: true }, SCHEMA), '"days" must be integer');
  assertEquals(schemaProblem({ city: "x", unit: "k" }, SCHEMA), '"unit" must be one of "c", "f"');
  assertEquals(schemaProblem({ city: "x", tags: ["a", 2] }, SCHEMA), '"tags[1]" must be string');
  assertEquals(
    schemaProblem({ city: "x", opts: { deep: 1 } }, SCHEMA),
    '"opts.deep" must be boolean',
  );
});

Deno.test("number accepts integers and type lists work", () => {
  assertEquals(schemaProblem(3, { type: "number" }), undefined);
  assertEquals(schemaProblem(null, { type: ["string", "null"] }), undefined);
  assertEquals(
    schemaProblem(1.5, { type: ["string", "null"] }),
    "arguments must be string or null",
  );
});

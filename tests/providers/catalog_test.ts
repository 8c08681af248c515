import { assert, assertEquals, assertIncludes, assertThrows } from "../support/assert.ts";
import { ConfigError, ProviderError } from "../../src/errors/mod.ts";
import { zeroUsage } from "../../src/messages/mod.ts";
import { computeCost, listModels, loadCatalog, resolveModel } from "../../src/providers/mod.ts";
import { tempHome } from "./harness.ts";

Deno.test("catalog: defaults per provider, built-in limits and prices", async () => {
  await using paths = await tempHome();
  const sonnet = resolveModel({ provider: "anthropic", paths });
  assertEquals(sonnet.id, "claude-sonnet-4-5");
  assertEquals(sonnet.source, "builtin");
  assertEquals(sonnet.contextWindow, 200_000);
  assertEquals(sonnet.maxOutput, 64_000);
  assertEquals(sonnet.price, { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 });
  assertEquals(sonnet.reasoning, true);
  assertEquals(resolveModel({ provider: "openai", paths }).id, "gpt-4.1");
  assertEquals(resolveModel({ provider: "openai", model: "o3", paths }).reasoning, true);
  assertEquals(resolveModel({ provider: "openai", model: "gpt-4o", paths }).reasoning, false);
  for (const id of ["claude-opus-4-5", "claude-haiku-4-5", "gpt-5", "o4-mini", "gpt-4.1-mini"]) {
    assertEquals(
      resolveModel({ provider: id.startsWith("claude") ? "anthropic" : "openai", model: id, paths })
        .source,
      "builtin",
    );
  }
});

Deno.test("catalog: dated ids match their entry; unknown ids get defaults and cost nothing", async () => {
  await using paths = await tempHome();
  const dated = resolveModel({ provider: "anthropic", model: "claude-sonnet-4-5-20250929", paths });
  assertEquals(dated.id, "claude-sonnet-4-5-20250929");
  assertEquals(dated.price.input, 3);
  const unknown = resolveModel({ provider: "openai", model: "my-finetune", paths });
  assertEquals(unknown.source, "default");
  assertEquals([unknown.contextWindow, unknown.maxOutput], [32768, 8192]);
  assertEquals(computeCost(unknown, { ...zeroUsage(), input: 1e6, output: 1e6 }), 0);
  assertEquals(resolveModel({ provider: "openai", model: "gpt-7-preview", paths }).reasoning, true);
  assertEquals(
    resolveModel({ provider: "anthropic", model: "claude-opus-9", paths }).thinking,
    "adaptive",
  );
});

Deno.test("catalog: ollama needs a model; unknown providers are named in the error", async () => {
  await using paths = await tempHome();
  const noModel = assertThrows(() => resolveModel({ provider: "ollama", paths }), ProviderError);
  assertEquals(noModel.code, "model_required");
  assertIncludes(noModel.message, "pass --model");
  const bad = assertThrows(() => resolveModel({ provider: "gemini", paths }), ProviderError);
  assertEquals(bad.code, "unknown_provider");
  assertIncludes(bad.message, 'unknown provider "gemini"; use anthropic, openai, ollama');
});

Deno.test("catalog: models.json entries merge over built-ins and add new models", async () => {
  await using paths = await tempHome();
  await Deno.writeTextFile(
    paths.modelsFile,
    JSON.stringify({
      providers: {
        openai: { models: [{ id: "gpt-4.1", priceInput: 1.5, name: "GPT-4.1 (discount)" }] },
        ollama: {
          models: [{ id: "qwen3:32b", contextWindow: 131072, maxTokens: 16384, reasoning: true }],
        },
        lmstudio: {
          models: [{
            id: "local-coder",
            baseUrl: "http://127.0.0.1:1234/v1",
            priceInput: 0,
            priceOutput: 0,
            priceCacheRead: 0,
            priceCacheWrite: 0,
          }],
        },
      },
    }),
  );
  const gpt = resolveModel({ provider: "openai", model: "gpt-4.1", paths });
  assertEquals(gpt.price, { input: 1.5, output: 8, cacheRead: 0.5, cacheWrite: 0 });
  assertEquals(gpt.name, "GPT-4.1 (discount)");
  assertEquals(gpt.contextWindow, 1_047_576, "fields not given keep the built-in value");
  assertEquals(gpt.source, "user");
  const qwen = resolveModel({ provider: "ollama", paths });
  assertEquals([qwen.id, qwen.contextWindow, qwen.maxOutput, qwen.reasoning], [
    "qwen3:32b",
    131072,
    16384,
    true,
  ]);
  const local = resolveModel({ provider: "lmstudio", paths });
  assertEquals(local.baseUrl, "http://127.0.0.1:1234/v1");
  const rows = listModels({ paths });
  assert.ok(rows.some((r) => r.provider === "lmstudio" && r.id === "local-coder"));
  assert.ok(rows.some((r) => r.provider === "anthropic" && r.id === "claude-sonnet-4-5"));
  const providers = rows.map((r) => r.provider);
  assertEquals(providers, [...providers].sort(), "rows sorted by provider");
  assertEquals(listModels({ paths, provider: "ollama" }).map((r) => r.id), ["qwen3:32b"]);
  assertEquals(loadCatalog(paths).providers().includes("lmstudio"), true);
});

Deno.test("catalog: a broken models.json is a ConfigError naming the file and the field", async () => {
  await using paths = await tempHome();
  const cases: [string, string][] = [
    ["{not json", "is not valid JSON"],
    ["[]", "must be a JSON object"],
    ['{"providers": []}', '"providers" must be an object'],
    ['{"providers": {"openai": {"models": {}}}}', "providers.openai.models must be an array"],
    [
      '{"providers": {"openai": {"models": [{"name": "x"}]}}}',
      "models[0].id must be a non-empty string",
    ],
    [
      '{"providers": {"openai": {"models": [{"id": "a", "contextWindow": "big"}]}}}',
      "models[0].contextWindow must be a number >= 0",
    ],
    [
      '{"providers": {"openai": {"models": [{"id": "a", "baseUrl": "nope"}]}}}',
      "baseUrl must be a URL",
    ],
    ['{"providers": {"Open AI": {"models": []}}}', "provider names use lower-case"],
  ];
  for (const [text, fragment] of cases) {
    await Deno.writeTextFile(paths.modelsFile, text);
    const err = assertThrows(() => listModels({ paths }), ConfigError);
    assertEquals(err.code, "bad_models_file");
    assertIncludes(err.message, paths.modelsFile);
    assertIncludes(err.message, fragment);
  }
  await Deno.writeTextFile(paths.modelsFile, "{}");
  assert.ok(listModels({ paths }).length > 10, "an empty object means no user models");
});

Deno.test("computeCost prices every token kind per million", () => {
  const model = { price: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } };
  const usage = {
    input: 2_000_000,
    output: 100_000,
    cacheRead: 1_000_000,
    cacheWrite: 400_000,
    costUsd: 0,
  };
  assertEquals(computeCost(model, usage), 6 + 1.5 + 0.3 + 1.5);
});

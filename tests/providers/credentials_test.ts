import { assert, assertEquals, assertIncludes, assertThrows } from "../support/assert.ts";
import { ConfigError, ProviderError } from "../../src/errors/mod.ts";
import {
  apiKeyEnvVar,
  createProvider,
  findApiKey,
  providersWithKeys,
  readAuthFile,
  saveApiKey,
  writeAuthFile,
} from "../../src/providers/mod.ts";
import { ProviderServer } from "../support/provider_server.ts";
import { collect, envOf, noEnv, request, tempHome } from "./harness.ts";

Deno.test("key lookup order: --api-key, then env var, then auth.json", async () => {
  await using paths = await tempHome();
  await writeAuthFile(paths.authFile, { anthropic: { api_key: "from-file" } });
  const env = envOf({ ANTHROPIC_API_KEY: "from-env" });
  const find = (apiKey?: string, e = env) =>
    findApiKey({ provider: "anthropic", apiKey, env: e, paths });
  assertEquals(find("from-flag"), { key: "from-flag", source: "flag" });
  assertEquals(find(), { key: "from-env", source: "env" });
  assertEquals(find(undefined, noEnv), { key: "from-file", source: "auth_file" });
  assertEquals(find("  ", envOf({ ANTHROPIC_API_KEY: " " })), {
    key: "from-file",
    source: "auth_file",
  });
  assertEquals(findApiKey({ provider: "openai", env: noEnv, paths }), undefined);
  assertEquals(apiKeyEnvVar("openai"), "OPENAI_API_KEY");
  assertEquals(apiKeyEnvVar("my-proxy.v2"), "MY_PROXY_V2_API_KEY");
});

Deno.test("the key found is the one sent", async () => {
  await using server = await ProviderServer.start();
  await using paths = await tempHome();
  await writeAuthFile(paths.authFile, { openai: { api_key: "sk-file" } });
  const provider = createProvider({ provider: "openai", baseUrl: server.url, paths, env: noEnv });
  server.reply({ text: "ok" });
  await collect(provider.stream(request(provider)));
  assertEquals(server.requests[0].headers.authorization, "Bearer sk-file");
});

Deno.test("a missing key names the env var, --api-key and auth.json", async () => {
  await using paths = await tempHome();
  for (
    const [provider, envVar] of [["anthropic", "ANTHROPIC_API_KEY"], ["openai", "OPENAI_API_KEY"]]
  ) {
    const err = assertThrows(() => createProvider({ provider, paths, env: noEnv }), ProviderError);
    assertEquals(err.code, "missing_api_key");
    assertIncludes(
      err.message,
      `no API key for ${provider}; set ${envVar} or run zot with --api-key`,
    );
    assertIncludes(err.message, paths.authFile);
  }
});

Deno.test("ollama and models.json endpoints need no key", async () => {
  await using paths = await tempHome();
  const ollama = createProvider({ provider: "ollama", model: "llama3.2", paths, env: noEnv });
  assertEquals(ollama.baseUrl, "http://localhost:11434/v1");
  await Deno.writeTextFile(
    paths.modelsFile,
    JSON.stringify({
      providers: { openai: { models: [{ id: "proxy-model", baseUrl: "http://127.0.0.1:9/v1" }] } },
    }),
  );
  const proxied = createProvider({ provider: "openai", model: "proxy-model", paths, env: noEnv });
  assertEquals(proxied.baseUrl, "http://127.0.0.1:9/v1");
  const custom = assertThrows(
    () => createProvider({ provider: "mystery", model: "m", paths, env: noEnv }),
    ProviderError,
  );
  assertEquals(custom.code, "unknown_provider");
});

Deno.test("auth.json is written 0600 and atomically, keeping other entries and fields", async () => {
  await using paths = await tempHome();
  await writeAuthFile(paths.authFile, { openai: { api_key: "sk-1", oauth: { token: "t" } } });
  await saveApiKey(paths, "anthropic", "sk-ant");
  await saveApiKey(paths, "openai", "sk-2");
  assertEquals(readAuthFile(paths.authFile), {
    openai: { api_key: "sk-2", oauth: { token: "t" } },
    anthropic: { api_key: "sk-ant" },
  });
  if (Deno.build.os !== "windows") {
    assertEquals((await Deno.stat(paths.authFile)).mode! & 0o777, 0o600);
  }
  const leftovers = [];
  for await (const entry of Deno.readDir(paths.home)) {
    if (entry.name.endsWith(".tmp")) leftovers.push(entry.name);
  }
  assertEquals(leftovers, []);
});

Deno.test("saveApiKey creates $ZOT_HOME when missing", async () => {
  await using paths = await tempHome();
  const { ZotPaths } = await import("../../src/config/mod.ts");
  const nested = new ZotPaths(`${paths.home}/deeper/zot`);
  await saveApiKey(nested, "openai", "sk-new");
  assertEquals(readAuthFile(nested.authFile).openai.api_key, "sk-new");
});

Deno.test("a broken auth.json is a ConfigError, a missing one is empty", async () => {
  await using paths = await tempHome();
  assertEquals(readAuthFile(paths.authFile), {});
  for (
    const [text, fragment] of [
      ["{oops", "is not valid JSON"],
      ['"key"', "must be a JSON object"],
      ['{"openai": "sk"}', '"openai" must be an object'],
      ['{"openai": {"api_key": 5}}', '"openai".api_key must be a string'],
    ]
  ) {
    await Deno.writeTextFile(paths.authFile, text);
    const err = assertThrows(() => readAuthFile(paths.authFile), ConfigError);
    assertEquals(err.code, "bad_auth_file");
    assertIncludes(err.message, fragment);
    assert.ok(err.message.startsWith(paths.authFile));
  }
});

Deno.test("a broken auth.json stops key-needing providers but not ollama", async () => {
  await using paths = await tempHome();
  await Deno.writeTextFile(paths.authFile, "{oops");
  const ollama = createProvider({ provider: "ollama", model: "llama3", paths, env: noEnv });
  assertEquals(ollama.name, "ollama");
  const err = assertThrows(
    () => createProvider({ provider: "anthropic", paths, env: noEnv }),
    ConfigError,
  );
  assertIncludes(err.message, "is not valid JSON");
});

Deno.test("providersWithKeys lists the key-needing providers that have one", async () => {
  await using paths = await tempHome();
  assertEquals(providersWithKeys({ env: noEnv, paths }), []);
  assertEquals(providersWithKeys({ env: envOf({ OPENAI_API_KEY: "sk" }), paths }), ["openai"]);
  await saveApiKey(paths, "anthropic", "sk-ant");
  assertEquals(providersWithKeys({ env: envOf({ OPENAI_API_KEY: "sk" }), paths }), [
    "anthropic",
    "openai",
  ]);
});

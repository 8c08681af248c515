import { assertEquals, assertIncludes } from "../support/assert.ts";
import { FakeHost, type RawFrame, specFromManifest } from "../support/fake_ext_host.ts";

const DIR = new URL("../../extensions/examples/weather/", import.meta.url).pathname;

const CANNED = {
  current_condition: [{
    temp_C: "16",
    FeelsLikeC: "15",
    humidity: "94",
    windspeedKmph: "7",
    weatherDesc: [{ value: "Fog" }],
  }],
};

/** Runs the example with the base URL pointed at `base`, optionally allowing that host. */
async function withWeather(
  base: string,
  allowBase: boolean,
  body: (host: FakeHost) => Promise<void>,
): Promise<void> {
  const spec = await specFromManifest(DIR, { ZOT_WEATHER_BASE_URL: base });
  if (allowBase) {
    const host = new URL(base).host;
    spec.args = spec.args.map((a) => a.startsWith("--allow-net=") ? `${a},${host}` : a);
  }
  const host = new FakeHost(spec);
  try {
    const { hello, frames } = await host.handshake();
    assertEquals(hello.name, "weather");
    assertEquals(frames.map((f) => [f.type, f.name]), [["register_tool", "weather"]]);
    await body(host);
    assertEquals(await host.shutdown(), 0);
  } finally {
    await host.close();
  }
}

function call(id: string, args: Record<string, unknown>): RawFrame {
  return { type: "tool_call", id, name: "weather", args };
}

Deno.test("weather answers from the weather service", async () => {
  const requests: string[] = [];
  await using server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const url = new URL(req.url);
    requests.push(url.pathname + url.search);
    return Response.json(CANNED);
  });
  await withWeather(`http://127.0.0.1:${server.addr.port}`, true, async (host) => {
    assertEquals(await host.request(call("1", { city: "São Paulo" })), {
      type: "tool_result",
      id: "1",
      content: [{
        type: "text",
        text: "São Paulo: 16°C, Fog, feels like 15°C, humidity 94%, wind 7 km/h",
      }],
    });
  });
  assertEquals(requests, ["/S%C3%A3o%20Paulo?format=j1"]);
});

Deno.test("weather reports an unreachable service as an error result", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close(); // nothing listens there now: connection refused
  await withWeather(`http://127.0.0.1:${port}`, true, async (host) => {
    const reply = await host.request(call("2", { city: "Berlin" }));
    assertEquals(reply.is_error, true);
    const text = (reply.content as { text: string }[])[0].text;
    assertIncludes(text, `weather service unreachable at http://127.0.0.1:${port}`);
    assertIncludes(text, "the network may be offline");
  });
});

Deno.test("weather's manifest allows only the weather API host", async () => {
  await using server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
    return Response.json(CANNED);
  });
  await withWeather(`http://127.0.0.1:${server.addr.port}`, false, async (host) => {
    const reply = await host.request(call("3", { city: "Berlin" }));
    assertEquals(reply.is_error, true);
    assertIncludes(
      (reply.content as { text: string }[])[0].text,
      `network access to 127.0.0.1:${server.addr.port} is not permitted`,
    );
  });
});

Deno.test("weather reports HTTP errors and refuses bad arguments without calling out", async () => {
  let hits = 0;
  await using server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
    hits++;
    return new Response("unknown location", { status: 404 });
  });
  await withWeather(`http://127.0.0.1:${server.addr.port}`, true, async (host) => {
    const missing = await host.request(call("4", {}));
    assertEquals(missing.content, [{
      type: "text",
      text: 'invalid arguments for tool "weather": "city" is required',
    }]);
    const blank = await host.request(call("5", { city: "  " }));
    assertEquals(blank.content, [{ type: "text", text: "city must not be empty" }]);
    assertEquals(hits, 0);
    const notFound = await host.request(call("6", { city: "Atlantis" }));
    assertEquals(notFound, {
      type: "tool_result",
      id: "6",
      content: [{ type: "text", text: 'weather service answered HTTP 404 for "Atlantis"' }],
      is_error: true,
    });
  });
});

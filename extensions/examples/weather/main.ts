/**
 * weather: an LLM tool `weather(city)` built on the TypeScript SDK, run by Deno with network
 * access to the weather API host only. Data from wttr.in (no API key needed).
 */

import { createExtension, result, type ToolResult } from "./zot_ext.mjs";

/** Where to ask; a test (or a mirror) can point it elsewhere. */
const BASE_URL = (Deno.env.get("ZOT_WEATHER_BASE_URL") ?? "https://wttr.in").replace(/\/+$/, "");
const TIMEOUT_MS = 10_000;

interface Report {
  current_condition?: {
    temp_C?: string;
    FeelsLikeC?: string;
    humidity?: string;
    windspeedKmph?: string;
    weatherDesc?: { value?: string }[];
  }[];
}

function describe(city: string, report: Report): string | undefined {
  const now = report.current_condition?.[0];
  if (!now?.temp_C) return undefined;
  const sky = now.weatherDesc?.[0]?.value?.trim() || "unknown sky";
  const parts = [`${city}: ${now.temp_C}°C, ${sky}`];
  if (now.FeelsLikeC) parts.push(`feels like ${now.FeelsLikeC}°C`);
  if (now.humidity) parts.push(`humidity ${now.humidity}%`);
  if (now.windspeedKmph) parts.push(`wind ${now.windspeedKmph} km/h`);
  return parts.join(", ");
}

/** Looks the weather up; every failure is an error result the model can read. */
async function lookup(city: string): Promise<ToolResult> {
  const url = `${BASE_URL}/${encodeURIComponent(city)}?format=j1`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    if (err instanceof Deno.errors.NotCapable || err instanceof Deno.errors.PermissionDenied) {
      return result.error(
        `weather lookup failed: network access to ${new URL(BASE_URL).host} is not permitted ` +
          `(the manifest's --allow-net names the weather API host only)`,
      );
    }
    const why = err instanceof DOMException && err.name === "TimeoutError"
      ? `no answer within ${TIMEOUT_MS / 1000}s`
      : (err as Error).message;
    return result.error(
      `weather service unreachable at ${BASE_URL} (${why}); the network may be offline. ` +
        `Tell the user the weather is unavailable right now.`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    return result.error(`weather service answered HTTP ${response.status} for "${city}"`);
  }
  let report: Report;
  try {
    report = await response.json();
  } catch {
    return result.error(`weather service sent something that is not JSON for "${city}"`);
  }
  const text = describe(city, report);
  return text
    ? result.text(text)
    : result.error(`weather service has no current data for "${city}"`);
}

const ext = createExtension({ name: "weather", version: "1.0.0" });

ext.tool(
  "weather",
  "Get the current weather for a city: temperature, sky, humidity and wind.",
  {
    type: "object",
    properties: { city: { type: "string", description: "City name, e.g. Berlin" } },
    required: ["city"],
  },
  ({ city }) => {
    const name = city.trim();
    if (!name) return result.error("city must not be empty");
    return lookup(name);
  },
);

await ext.run();

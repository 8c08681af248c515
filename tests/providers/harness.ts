/** Shared set-up for provider tests: a temp ZOT_HOME, a fake server, a provider bound to it. */

import { ZotPaths } from "../../src/config/mod.ts";
import type { Message } from "../../src/messages/mod.ts";
import {
  type BoundProvider,
  createProvider,
  type CreateProviderOptions,
  type ModelRequest,
  type StreamEvent,
} from "../../src/providers/mod.ts";
import { ProviderServer } from "../support/provider_server.ts";

/** A temp `$ZOT_HOME`, removed on dispose. */
export async function tempHome(): Promise<ZotPaths & AsyncDisposable> {
  const dir = await Deno.makeTempDir({ prefix: "zot_providers_" });
  const paths = new ZotPaths(dir) as ZotPaths & AsyncDisposable;
  paths[Symbol.asyncDispose] = () => Deno.remove(dir, { recursive: true });
  return paths;
}

/** No environment variables at all. */
export const noEnv = { get: (_: string) => undefined };

/** An env with just these variables. */
export function envOf(vars: Record<string, string>): { get(name: string): string | undefined } {
  return { get: (name) => vars[name] };
}

/** A server, a temp home and a provider of this kind pointed at the server. */
export async function setup(
  provider: string,
  options: Partial<CreateProviderOptions> = {},
): Promise<
  { server: ProviderServer; paths: ZotPaths; provider: BoundProvider } & AsyncDisposable
> {
  const server = await ProviderServer.start();
  const paths = await tempHome();
  const bound = createProvider({
    provider,
    apiKey: provider === "ollama" ? undefined : "test-key",
    baseUrl: server.url,
    paths,
    env: noEnv,
    retry: { delaysMs: [1] },
    ...options,
  });
  return {
    server,
    paths,
    provider: bound,
    async [Symbol.asyncDispose]() {
      await server.close();
      await paths[Symbol.asyncDispose]();
    },
  };
}

/** A one-user-message request. */
export function request(
  provider: BoundProvider,
  overrides: Partial<ModelRequest> = {},
  text = "hello",
): ModelRequest {
  const messages: Message[] = [{
    role: "user",
    content: [{ type: "text", text }],
    time: "2026-01-01T00:00:00.000Z",
  }];
  return { model: provider.model.id, system: "", messages, tools: [], ...overrides };
}

/** Reads a whole stream. */
export async function collect(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** The final message of a collected stream. */
export function doneOf(events: StreamEvent[]): Extract<StreamEvent, { type: "done" }>["message"] {
  const last = events[events.length - 1];
  if (last?.type !== "done") {
    throw new Error(`stream did not end with done: ${JSON.stringify(last)}`);
  }
  return last.message;
}

/** Concatenated deltas of one kind. */
export function deltas(events: StreamEvent[], type: "text_delta" | "thinking_delta"): string {
  return events.map((e) => (e.type === type ? e.delta : "")).join("");
}

/** The body of the n-th recorded request as a plain record. */
export function body(server: ProviderServer, n = 0): Record<string, unknown> {
  const b = server.requests[n]?.body;
  if (typeof b !== "object" || b === null) throw new Error(`no JSON body for request ${n}`);
  return b as Record<string, unknown>;
}

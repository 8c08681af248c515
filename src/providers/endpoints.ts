/**
 * Default endpoints and base-URL spelling, apart from the clients so that choosing a
 * provider loads no client code (the factory imports the chosen one when it is created).
 */

/** The public Anthropic API. */
export const ANTHROPIC_BASE_URL = "https://api.anthropic.com";

/** The public OpenAI API. */
export const OPENAI_BASE_URL = "https://api.openai.com/v1";

/** Where Ollama listens by default (its OpenAI-compatible API). */
export const OLLAMA_BASE_URL = "http://localhost:11434/v1";

/** `https://host[/v1]` → `https://host` (the client adds `/v1/messages`). */
export function normalizeAnthropicBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
}

/** `http://host:11434` → `http://host:11434/v1`; a base already ending in `/vN` is kept. */
export function normalizeOpenAIBase(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, "");
  return /\/v\d+$/.test(new URL(trimmed).pathname) ? trimmed : `${trimmed}/v1`;
}

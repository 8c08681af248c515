/** Checking what an rpc client sends: the hello token, a prompt's message and images. */

import type { ImageBlock, TextBlock } from "../messages/mod.ts";

/** An rpc command line once it is known to be an object with a `type`. */
export type Command = Record<string, unknown> & { type: string; id?: string };

/** Compares two secrets in time that depends only on their lengths. */
export function timingSafeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  const n = Math.max(x.length, y.length);
  for (let i = 0; i < n; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** A prompt command's content blocks, or what is wrong with it. */
export function promptContent(command: Command): (TextBlock | ImageBlock)[] | string {
  const message = command.message ?? "";
  if (typeof message !== "string") return `prompt: "message" must be a string`;
  const images = parseImages(command.images);
  if (typeof images === "string") return `prompt: ${images}`;
  if (message.trim() === "" && images.length === 0) return emptyPrompt(command);
  const content: (TextBlock | ImageBlock)[] = [];
  if (message !== "") content.push({ type: "text", text: message });
  content.push(...images);
  return content;
}

/** Names the field a prompt lacks, and the likely mix-up with `command`'s `text`. */
function emptyPrompt(command: Command): string {
  if (command.message === undefined || command.message === null) {
    const mixUp = command.text !== undefined ? ` ("text" is for the command command)` : "";
    return `prompt: the "message" field is missing${mixUp}; send {"type":"prompt","message":"…"}`;
  }
  return `prompt: the "message" field is empty`;
}

function parseImages(value: unknown): ImageBlock[] | string {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return `"images" must be a list of {mime_type, data}`;
  const out: ImageBlock[] = [];
  for (const [i, item] of value.entries()) {
    const image = item as Record<string, unknown>;
    if (
      typeof item !== "object" || item === null || typeof image.mime_type !== "string" ||
      typeof image.data !== "string"
    ) {
      return `images[${i}] must be {"mime_type": string, "data": base64 string}`;
    }
    if (!/^image\/[a-z0-9.+-]+$/i.test(image.mime_type)) {
      return `images[${i}].mime_type "${image.mime_type}" is not an image type`;
    }
    if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(image.data)) {
      return `images[${i}].data is not base64`;
    }
    out.push({ type: "image", mimeType: image.mime_type, data: image.data.replace(/\s/g, "") });
  }
  return out;
}

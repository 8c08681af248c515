/**
 * A frame line over the size limit is dropped unread, but its first and last bytes are
 * sampled: when they name a pending request, that request fails at once with the size
 * and the limit, instead of waiting out its timeout for an answer that was thrown away.
 */

import { ExtensionError } from "../../errors/mod.ts";

// A JSON key at object level: inside a string value its quotes would be escaped.
const ID = /"id"\s*:\s*"((?:[^"\\]|\\.){1,200})"/g;
const TYPE = /"type"\s*:\s*"([a-z_]{1,40})"/;

/** Which pending request a dropped line answered, and the error to fail it with. */
export function oversizedAnswer(
  extension: string,
  item: { bytes: number; limit: number; head?: string; tail?: string },
  labelOf: (id: string) => string | undefined,
): { id: string; error: ExtensionError } | undefined {
  const text = `${item.head ?? ""}\n${item.tail ?? ""}`;
  for (const match of text.matchAll(ID)) {
    let id: string;
    try {
      id = JSON.parse(`"${match[1]}"`);
    } catch {
      continue;
    }
    const label = labelOf(id);
    if (label === undefined) continue;
    const type = TYPE.exec(item.head ?? "")?.[1] ?? "frame";
    return {
      id,
      error: new ExtensionError(
        "ext_frame_too_large",
        extension,
        `extension "${extension}" answered ${label} with a ${size(item.bytes)} ${type} ` +
          `(${item.bytes} bytes), over the ${size(item.limit)} frame limit (${item.limit} bytes)`,
        { hint: "return less (write big output to a file and return its path)" },
      ),
    };
  }
  return undefined;
}

function size(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

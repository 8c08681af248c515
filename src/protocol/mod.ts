/** The extension wire protocol v1: frame types, validation, encoding. */
export * from "./frames.ts";
export { decodeLine, encodeFrame, encodeFrameBytes } from "./codec.ts";
export type { DecodedLine } from "./codec.ts";
export { DEFAULT_MAX_LINE_BYTES, LineDecoderStream, LineSplitter } from "./line_decoder.ts";
export type { LineDecoderOptions, LineItem } from "./line_decoder.ts";
export { parseSlash } from "./slash.ts";
export type { SlashInvocation } from "./slash.ts";

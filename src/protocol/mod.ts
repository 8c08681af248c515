/**
 * The extension wire protocol v1, in two entrances so that only a running extension pays for
 * zod. This one (constants, every frame type, encoding, the line decoder, slash parsing)
 * evaluates no schema: the modes, the host and a run without extensions import it. The
 * validating decoder (`decodeLine` and the zod schemas) is `codec.ts`, which the host loads
 * with loadCodec() once an extension has been spawned, so loading overlaps its boot.
 */
export * from "./wire_types.ts";
export type {
  CommandResponseFrame,
  EventInterceptResponseFrame,
  ExtensionFrame,
  ExtensionFrameType,
  HelloFrame,
  NotifyFrame,
  PanelCloseFromExtensionFrame,
  PanelRenderFrame,
  PanelSpec,
  ProgressFrame,
  ReadyFrame,
  RegisterCommandFrame,
  RegisterToolFrame,
  ShutdownAckFrame,
  SubmitFrame,
  SubscribeFrame,
  ToolResultFrame,
  UiRequestFrame,
  WireContentBlock,
} from "./frames.ts";
export type { DecodedLine } from "./codec.ts";
export { encodeFrame, encodeFrameBytes } from "./encode.ts";
export { DEFAULT_MAX_LINE_BYTES, LineDecoderStream, LineSplitter } from "./line_decoder.ts";
export type { LineDecoderOptions, LineItem } from "./line_decoder.ts";
export { parseSlash } from "./slash.ts";
export type { SlashInvocation } from "./slash.ts";

/** The validating decoder (codec.ts); builds the zod schemas on first call. */
export function loadCodec(): Promise<typeof import("./codec.ts")> {
  return import("./codec.ts");
}

/**
 * The extension wire protocol v1, in two entrances so that only the extension host pays for
 * zod. This one (constants, every frame type, the line decoder, slash parsing) evaluates no
 * schema: the modes and a run without extensions import it. The validating codec
 * (`decodeLine`, `encodeFrame`, the zod schemas) is `codec.ts`, imported by the extension
 * runtime and `zot ext check`, which load behind `await import()`.
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
export { DEFAULT_MAX_LINE_BYTES, LineDecoderStream, LineSplitter } from "./line_decoder.ts";
export type { LineDecoderOptions, LineItem } from "./line_decoder.ts";
export { parseSlash } from "./slash.ts";
export type { SlashInvocation } from "./slash.ts";

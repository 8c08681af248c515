/**
 * The SDK keeps its own dependency-free copy of the wire types (extensions/sdk/protocol.ts).
 * These checks fail `deno check` (and so this test) when it drifts from the host's
 * definition in src/protocol/frames.ts, in either direction.
 */

import type { z } from "zod";
import type * as Host from "../../src/protocol/mod.ts";
import type { EXTENSION_FRAME_SCHEMAS } from "../../src/protocol/codec.ts";
import * as Sdk from "../../extensions/sdk/mod.ts";
import { EVENT_NAMES, INTERCEPTABLE_EVENTS, PROTOCOL_VERSION } from "../../src/protocol/mod.ts";
import { assertEquals } from "../support/assert.ts";

type Schemas = typeof EXTENSION_FRAME_SCHEMAS;
type HostAccepts<K extends keyof Schemas> = z.input<Schemas[K]>;
type Is<T extends true> = T;
type Assignable<A, B> = [A] extends [B] ? true : false;

// Every frame the SDK writes is one the host's schema accepts.
export type SdkFramesFitTheHost = [
  Is<Assignable<Sdk.HelloFrame, HostAccepts<"hello">>>,
  Is<Assignable<Sdk.RegisterCommandFrame, HostAccepts<"register_command">>>,
  Is<Assignable<Sdk.RegisterToolFrame, HostAccepts<"register_tool">>>,
  Is<Assignable<Sdk.SubscribeFrame, HostAccepts<"subscribe">>>,
  Is<Assignable<Sdk.ReadyFrame, HostAccepts<"ready">>>,
  Is<Assignable<Sdk.ToolResultFrame, HostAccepts<"tool_result">>>,
  Is<Assignable<Sdk.CommandResponseFrame, HostAccepts<"command_response">>>,
  Is<Assignable<Sdk.EventInterceptResponseFrame, HostAccepts<"event_intercept_response">>>,
  Is<Assignable<Sdk.NotifyFrame, HostAccepts<"notify">>>,
  Is<Assignable<Sdk.SubmitFrame, HostAccepts<"submit">>>,
  Is<Assignable<Sdk.ShutdownAckFrame, HostAccepts<"shutdown_ack">>>,
];

// Every frame the host sends is one the SDK's types describe.
export type HostFramesFitTheSdk = [
  Is<Assignable<Host.HostFrame, Sdk.HostFrame>>,
  Is<Assignable<Host.HelloAckFrame, Sdk.HelloAckFrame>>,
  Is<Assignable<Host.CommandInvokedFrame, Sdk.CommandInvokedFrame>>,
  Is<Assignable<Host.ToolCallFrame, Sdk.ToolCallFrame>>,
  Is<Assignable<Host.EventFrame, Sdk.EventFrame>>,
  Is<Assignable<Host.EventInterceptFrame, Sdk.EventInterceptFrame>>,
  Is<Assignable<Sdk.HostFrame, Host.HostFrame>>,
];

Deno.test("the SDK's event lists and protocol version match the host's", () => {
  assertEquals([...Sdk.EVENT_NAMES], [...EVENT_NAMES]);
  assertEquals([...Sdk.INTERCEPTABLE_EVENTS], [...INTERCEPTABLE_EVENTS]);
  assertEquals(PROTOCOL_VERSION, 1);
});

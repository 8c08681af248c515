/**
 * The shared protocol test vectors (extensions/sdk/vectors/*.json): loading them and
 * replaying one against a running extension. Format: extensions/sdk/vectors/README.md.
 */

import { join } from "node:path";
import { assertEquals } from "./assert.ts";
import { FakeHost, type RawFrame, type SpawnSpec } from "./fake_ext_host.ts";

/** One exchange: lines sent in, frames expected out. */
export interface VectorStep {
  note: string;
  /** Frames to send; a string is sent verbatim as one line. */
  send: (RawFrame | string)[];
  /** Frames the extension must write next, in this order unless `any_order`. */
  expect: RawFrame[];
  any_order?: boolean;
  /** Send every frame a byte per write. */
  byte_by_byte?: boolean;
  /** Close stdin after sending. */
  close?: boolean;
}

/** One scenario. */
export interface Vector {
  name: string;
  description: string;
  steps: VectorStep[];
  exit_code: number;
}

/** Absolute path of the vectors folder. */
export const VECTORS_DIR = new URL("../../extensions/sdk/vectors/", import.meta.url).pathname;

/** Absolute path of the protocol 1.1 vectors (their own demo extension). */
export const VECTORS_V1_1_DIR = join(VECTORS_DIR, "v1_1");

/** Every vector of a folder (the v1 ones by default), sorted by file name. */
export async function loadVectors(dir: string = VECTORS_DIR): Promise<Vector[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && entry.name.endsWith(".json")) names.push(entry.name);
  }
  names.sort();
  return await Promise.all(
    names.map(async (name) => JSON.parse(await Deno.readTextFile(join(dir, name)))),
  );
}

function canonical(frame: RawFrame): string {
  return JSON.stringify(sortKeys(frame));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).sort(([a], [b]) => a < b ? -1 : 1).map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}

/** Replays a vector against a fresh extension process; throws on the first difference. */
export async function replayVector(vector: Vector, spec: SpawnSpec): Promise<void> {
  const host = new FakeHost(spec);
  try {
    for (const [index, step] of vector.steps.entries()) {
      const where = `${vector.name} step ${index} (${step.note})`;
      for (const frame of step.send) {
        await (step.byte_by_byte ? host.sendByteByByte(frame) : host.send(frame));
      }
      if (step.close) await host.closeStdin();
      const got: RawFrame[] = [];
      for (let i = 0; i < step.expect.length; i++) got.push(await host.next());
      if (step.any_order) {
        assertEquals(got.map(canonical).sort(), step.expect.map(canonical).sort(), where);
      } else {
        assertEquals(got, step.expect, where);
      }
    }
    const code = await host.exitCode();
    assertEquals(code, vector.exit_code, `${vector.name}: exit code`);
  } catch (err) {
    await host.close();
    const stderr = await host.stderrSoFar();
    throw new Error(`${(err as Error).message}\n--- extension stderr ---\n${stderr}`);
  }
  await host.close();
}

/**
 * The root component: stacks transcript, live notes, panel, queue, popup, editor and
 * status bar, and fits every line to the width (pi-tui refuses lines wider than the
 * terminal). It reports the width of every frame, so size changes reach panels.
 */

import type { Component } from "./pi_tui.ts";
import { fit } from "./layout.ts";

/** A part of the screen: anything that renders lines for a width. */
export interface Part {
  render(width: number): string[];
  /** The part already fits its lines to the width (skips a costly re-measure per frame). */
  readonly fitted?: boolean;
}

/** The stacked root component. */
export class Screen implements Component {
  #parts: Part[];
  #onSize: (width: number) => void;
  /** Lines rendered last time (for tests and the benchmark). */
  lastLineCount = 0;

  constructor(parts: Part[], onSize: (width: number) => void) {
    this.#parts = parts;
    this.#onSize = onSize;
  }

  render(width: number): string[] {
    this.#onSize(width);
    const out: string[] = [];
    for (const part of this.#parts) {
      const lines = part.render(width);
      if (part.fitted) {
        for (const line of lines) out.push(line);
      } else {
        for (const line of lines) out.push(fit(line, width));
      }
    }
    this.lastLineCount = out.length;
    return out;
  }

  invalidate(): void {
    for (const p of this.#parts) (p as Partial<Component>).invalidate?.();
  }
}

/** A part built from a function (small dynamic areas: notes, queue, hints). */
export function linesPart(fn: (width: number) => string[]): Part {
  return { render: fn };
}

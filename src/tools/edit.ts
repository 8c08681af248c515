/**
 * The `edit` tool: exact-text replacements in one file. Every edit is checked against the
 * original before anything is written, so a failed call leaves the file untouched.
 */

import { ToolError } from "../errors/mod.ts";
import { defineTool, fail, isPlainObject } from "./args.ts";
import { diffReplacements, type Replacement } from "./diff.ts";
import { applyPreservingEndings, normalizeLineEndings } from "./line_endings.ts";
import { atomicWrite, checkWritable, displayPath, statOrUndefined } from "./files.ts";
import { jailedPath } from "./jail.ts";
import type { Tool, ToolOutput } from "./types.ts";

interface EditPair {
  oldText: string;
  newText: string;
}

interface EditArgs {
  path: string;
  edits: EditPair[];
}

/** Largest diff returned to the model; the file itself is always fully written. */
const MAX_DIFF_CHARS = 30 * 1024;

/** Builds the edit tool. */
export function editTool(): Tool {
  return defineTool<EditArgs>({
    spec: {
      name: "edit",
      description: "Edit a file by exact text replacement. Each oldText must match exactly one " +
        "place in the current file (copy it from read output without the line-number prefix, " +
        "with enough surrounding lines to be unique); edits must not overlap. All edits are " +
        "checked first: if any fails, nothing is written. Returns a unified diff.",
      schema: {
        type: "object",
        properties: {
          path: { type: "string", description: "File to edit (relative to the cwd, or absolute)" },
          edits: {
            type: "array",
            minItems: 1,
            description: "Replacements, each matched against the original file",
            items: {
              type: "object",
              properties: {
                oldText: { type: "string", description: "Exact text to replace (unique)" },
                newText: { type: "string", description: "Replacement text" },
              },
              required: ["oldText", "newText"],
            },
          },
        },
        required: ["path", "edits"],
      },
    },
    normalize: normalizeEditArgs,
    decode: (args) => {
      const path = args.path as string;
      if (path.trim() === "") fail("edit", "path is empty; pass the file to edit");
      return { path, edits: args.edits as EditPair[] };
    },
    run: async (args, context) => {
      const abs = await jailedPath("edit", context, args.path);
      const shown = displayPath(context.cwd, abs);
      const text = await readEditable(abs, shown);
      const bom = text.startsWith("\uFEFF");
      const raw = bom ? text.slice(1) : text;
      const normalized = normalizeLineEndings(raw);
      const original = normalized.text;
      const toLf = (s: string) => s.replaceAll("\r\n", "\n");
      const edits = args.edits.map((e) => ({ oldText: toLf(e.oldText), newText: toLf(e.newText) }));

      const replacements = planEdits(original, edits, shown);
      const result = diffReplacements(original, replacements);
      const body = applyPreservingEndings(raw, normalized, replacements);
      await atomicWrite(abs, new TextEncoder().encode((bom ? "\uFEFF" : "") + body));
      return editReport(abs, shown, edits.length, result);
    },
  });
}

/** The file's text, refusing what edit must not touch: missing, directories, read-only, binary, non-UTF-8. */
async function readEditable(abs: string, shown: string): Promise<string> {
  const info = await statOrUndefined(abs);
  if (!info) fail("edit", `file not found: ${abs}; use write to create a new file`);
  if (info.isDirectory) fail("edit", `${shown} is a directory, not a file`);
  checkWritable("edit", shown, info);
  const bytes = await Deno.readFile(abs);
  if (bytes.subarray(0, 8192).includes(0)) {
    fail(
      "edit",
      `${shown} looks binary (NUL byte in the first 8 KiB); edit only changes text files`,
    );
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    fail("edit", `${shown} is not valid UTF-8; change it with bash (e.g. sed) instead`);
  }
}

/** The model's answer: a count, the line totals and the (capped) diff. */
function editReport(
  abs: string,
  shown: string,
  edits: number,
  result: ReturnType<typeof diffReplacements>,
): ToolOutput {
  const count = `${edits} edit${edits === 1 ? "" : "s"}`;
  let diff = result.diff;
  if (diff.length > MAX_DIFF_CHARS) {
    diff = diff.slice(0, diff.lastIndexOf("\n", MAX_DIFF_CHARS)) +
      `\n... [diff truncated at ${
        MAX_DIFF_CHARS / 1024
      } KiB; the file was fully written, read it to check]`;
  }
  return {
    content: [{
      type: "text",
      text: `edited ${shown}: ${count}, +${result.added} -${result.removed} lines\n\n${diff}`,
    }],
    isError: false,
    details: { path: abs, edits, added: result.added, removed: result.removed, diff: result.diff },
  };
}

/** Accepts a single {oldText,newText}, a lone edit object, or edits as a JSON string. */
function normalizeEditArgs(args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...args };
  if (typeof out.edits === "string") {
    try {
      out.edits = JSON.parse(out.edits);
    } catch {
      // left as is: the schema check reports it
    }
  }
  if (isPlainObject(out.edits)) out.edits = [out.edits];
  if (out.edits === undefined && ("oldText" in out || "newText" in out)) {
    out.edits = [{ oldText: out.oldText, newText: out.newText }];
    delete out.oldText;
    delete out.newText;
  }
  return out;
}

/** Checks every edit against the original and returns the sorted replacements. */
function planEdits(original: string, edits: EditPair[], shown: string): Replacement[] {
  const problems: string[] = [];
  const label = (i: number) => edits.length === 1 ? "oldText" : `oldText #${i + 1}`;
  const found: (Replacement & { index: number })[] = [];
  edits.forEach((edit, i) => {
    if (edit.oldText === "") {
      problems.push(`${label(i)} is empty; copy the exact text to replace from the file`);
      return;
    }
    if (edit.oldText === edit.newText) {
      problems.push(`${label(i)} and its newText are identical; the edit would change nothing`);
      return;
    }
    const starts = occurrences(original, edit.oldText);
    if (starts.length === 0) {
      problems.push(`${label(i)} not found in ${shown}; ${notFoundHint(original, edit.oldText)}`);
    } else if (starts.length > 1) {
      const lines = starts.slice(0, 5).map((s) => lineAt(original, s)).join(", ");
      problems.push(
        `${label(i)} matches ${starts.length} places in ${shown} (lines ${lines}` +
          `${
            starts.length > 5 ? ", …" : ""
          }); include more surrounding lines so it matches exactly once`,
      );
    } else {
      found.push({
        start: starts[0],
        end: starts[0] + edit.oldText.length,
        text: edit.newText,
        index: i,
      });
    }
  });
  found.sort((a, b) => a.start - b.start);
  for (let k = 1; k < found.length; k++) {
    const [a, b] = [found[k - 1], found[k]];
    if (b.start < a.end) {
      const [first, second] = [Math.min(a.index, b.index) + 1, Math.max(a.index, b.index) + 1];
      problems.push(
        `edits #${first} and #${second} overlap in ${shown} (at line ${
          lineAt(original, b.start)
        }); ` +
          `merge them into one edit`,
      );
    }
  }
  if (problems.length > 0) {
    const lines = problems.map((p) => `edit: ${p}`);
    lines.push(`nothing was written; ${shown} is unchanged`);
    throw new ToolError("tool_edit", lines.join("\n"));
  }
  return found.map(({ start, end, text }) => ({ start, end, text }));
}

function occurrences(haystack: string, needle: string): number[] {
  const starts: number[] = [];
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + 1)) {
    starts.push(i);
  }
  return starts;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

/** Explains the likely reason an oldText did not match. */
function notFoundHint(original: string, oldText: string): string {
  const oldLines = oldText.split("\n");
  if (
    oldLines.some((l) => /^\s*\d+\t/.test(l)) &&
    oldLines.every((l) => l === "" || /^\s*\d+\t/.test(l))
  ) {
    return "it seems to include the line-number prefixes from read output; drop the `<n>\\t` part";
  }
  const wanted = oldLines.map((l) => l.trim()).filter((l, i, all) =>
    l !== "" || (i > 0 && i < all.length - 1)
  );
  const lines = original.split("\n").map((l) => l.trim());
  if (wanted.length > 0) {
    for (let i = 0; i + wanted.length <= lines.length; i++) {
      if (wanted.every((w, k) => lines[i + k] === w)) {
        return `a match that differs only in whitespace or indentation starts at line ${i + 1}; ` +
          `read the file again and copy the text exactly`;
      }
    }
  }
  return "read the file again and copy the text exactly (whitespace and indentation matter)";
}

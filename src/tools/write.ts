/** The `write` tool: creates or replaces a whole file, making parent folders as needed. */

import { dirname } from "../paths/mod.ts";
import { defineTool, fail } from "./args.ts";
import { atomicWrite, checkWritable, countLines, displayPath, statOrUndefined } from "./files.ts";
import { jailedPath } from "./jail.ts";
import type { Tool } from "./types.ts";

interface WriteArgs {
  path: string;
  content: string;
}

/** Builds the write tool. */
export function writeTool(): Tool {
  return defineTool<WriteArgs>({
    spec: {
      name: "write",
      description: "Write a file, replacing it if it exists; parent folders are created. " +
        "Use it for new files or complete rewrites; prefer edit for changes to existing files.",
      schema: {
        type: "object",
        properties: {
          path: { type: "string", description: "File to write (relative to the cwd, or absolute)" },
          content: { type: "string", description: "The complete new content of the file" },
        },
        required: ["path", "content"],
      },
    },
    decode: (args) => {
      const path = args.path as string;
      if (path.trim() === "") fail("write", "path is empty; pass the file to write");
      return { path, content: args.content as string };
    },
    run: async (args, context) => {
      const abs = await jailedPath("write", context, args.path);
      const shown = displayPath(context.cwd, abs);
      const existing = await statOrUndefined(abs);
      if (existing?.isDirectory) {
        fail("write", `${shown} is a directory; pass a file path inside it`);
      }
      checkWritable("write", shown, existing);
      const parent = dirname(abs);
      const parentInfo = await statOrUndefined(parent);
      if (parentInfo && !parentInfo.isDirectory) {
        fail("write", `cannot create ${shown}: ${parent} is a file, not a folder`);
      }
      if (!parentInfo) await Deno.mkdir(parent, { recursive: true, mode: 0o755 });
      const bytes = new TextEncoder().encode(args.content);
      await atomicWrite(abs, bytes);
      const lines = countLines(args.content);
      const verb = existing ? "overwrote" : "created";
      return {
        content: [{
          type: "text",
          text: `${verb} ${shown}: wrote ${bytes.length} bytes, ${lines} line${
            lines === 1 ? "" : "s"
          }`,
        }],
        isError: false,
        details: { path: abs, bytes: bytes.length, lines, created: !existing },
      };
    },
  });
}

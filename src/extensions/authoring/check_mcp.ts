/**
 * `zot ext check` for an MCP server: connects the way zot does (same launch plan, same
 * SDK session), then reports the handshake, each tool (its zot name and whether its
 * input schema is usable), each prompt, and a clean stop. Tools are not probed: an MCP
 * server's tools act on real data, and their sample arguments would be guesses.
 */

import { errorMessage } from "../../errors/mod.ts";
import { checkToolSchema } from "../../schema/mod.ts";
import type { LaunchSpec } from "../manifest/mod.ts";
import {
  ExtensionLog,
  isUsableToolName,
  loadMcpRuntime,
  mcpName,
  type McpSession,
} from "../runtime/mod.ts";
import type { CheckStatus } from "./check_types.ts";

type Report = (status: CheckStatus, title: string, detail?: string) => void;

/** Runs the MCP checklist; `logPath` collects the server's stderr and log messages. */
export async function checkMcp(
  spec: LaunchSpec,
  options: { timeoutMs: number; shutdownMs: number; probe?: boolean },
  logPath: string,
  report: Report,
): Promise<void> {
  const log = await ExtensionLog.open(logPath);
  const mcp = await loadMcpRuntime();
  let session: McpSession;
  let up = false;
  try {
    session = mcp.McpSession.open(spec, log, {
      maxLineBytes: 10 * 1024 * 1024,
      killGraceMs: 1000,
      onToolsChanged: () => {},
      onPromptsChanged: () => {},
      // Only a server that was up can go away; a failed start is reported by initialize.
      onClosed: (reason) => {
        if (up) report("fail", "server stays up", `the server ${reason}`);
      },
    });
  } catch (err) {
    report("fail", "launch", errorMessage(err));
    await log.close();
    return;
  }
  try {
    const started = Date.now();
    await session.initialize(options.timeoutMs);
    up = true;
    report(
      "pass",
      "MCP initialize",
      `${session.describeServer()}, after ${Date.now() - started} ms`,
    );
    const { tools, prompts } = await session.lists(options.timeoutMs);
    reportTools(spec.name, tools, report);
    for (const prompt of prompts) {
      const args = (prompt.arguments ?? []).map((a) => a.name).join(", ");
      report(
        "pass",
        `prompt /${mcpName(spec.name, prompt.name)}`,
        args ? `arguments: ${args}` : undefined,
      );
    }
    if (!tools.length && !prompts.length) {
      report("warn", "tools and prompts", "the server offers none");
    }
    if (options.probe) {
      report("skip", "probe tools", "MCP tools are not probed (they act on real data)");
    }
  } catch (err) {
    report("fail", "MCP initialize", errorMessage(err));
  } finally {
    const how = await session.close(Date.now() + options.shutdownMs);
    report(how ? "warn" : "pass", "stop", how ? how.replace(/^; /, "") : "closed cleanly");
    await log.close();
  }
}

function reportTools(
  extension: string,
  tools: { name: string; inputSchema: unknown }[],
  report: Report,
): void {
  for (const tool of tools) {
    const name = mcpName(extension, tool.name);
    const title = `tool ${name}`;
    if (!isUsableToolName(name)) {
      report("fail", title, "the name is over 64 characters; zot skips this tool");
      continue;
    }
    const { $schema: _dialect, ...schema } = tool.inputSchema as Record<string, unknown>;
    const problems = checkToolSchema(schema);
    if (problems.length) report("fail", title, `invalid input schema: ${problems.join("; ")}`);
    else report("pass", title);
  }
}

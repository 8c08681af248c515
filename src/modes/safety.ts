/** The confirm gate and the jail as the /yolo, /jail and /unjail built-ins change them. */

import type { Agent } from "../agent/mod.ts";
import type { SafetyPort } from "../commands/mod.ts";

/** The agent's gate and jail behind the registry's SafetyPort. */
export function safetyPort(agent: Agent): SafetyPort {
  return {
    yolo: () => {
      agent.approvals.allowAll();
      return "yolo: tools run without asking for the rest of this session";
    },
    jail: (locked, network) => {
      if (!locked) {
        agent.jail.unlock();
        return "unjailed: tools may reach outside the project again";
      }
      agent.jail.lock({ network });
      return `jailed: file tools stay in ${agent.jail.root}; bash runs in a sandbox with the ` +
        `project writable, the rest read-only and ${
          network ? "the network allowed" : "no network"
        }`;
    },
  };
}

/** Launch planning and confinement: permissions, grants, Deno flags and denials. */

export { describeAccess, enforcementNote } from "./access.ts";
export { detectOsSandbox } from "./os_sandbox.ts";
export type { OsSandbox } from "./os_sandbox.ts";
export { droppedSinceGrant, grantShape } from "./review.ts";
export { denialHint, findDenial } from "./denial.ts";
export type { Denial, DeniedExtension } from "./denial.ts";
export { resolveExec, resolveLaunchSpec } from "./exec_resolve.ts";
export type { ResolvedCommand, ResolveOptions, RuntimeLauncher } from "./exec_resolve.ts";
export { checkGrant, loadGrant, removeGrant, saveGrant, unionPermissions } from "./grants.ts";
export type { GrantCheck, GrantRecord, GrantShape, GrantSubject } from "./grants.ts";
export { auditLogFile, findDeno, planLaunches } from "./launch.ts";
export type { LaunchContext, LaunchPlan, RefusedLaunch } from "./launch.ts";
export {
  denoRunArgs,
  describePermissions,
  emptyPermissions,
  escapeReason,
  hasEscape,
  isSandboxed,
  permissionsBeyond,
  runsUnderDeno,
  sandboxPlaces,
} from "./permissions.ts";
export type { SandboxPlaces } from "./permissions.ts";

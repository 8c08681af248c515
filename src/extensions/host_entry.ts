/**
 * What a run needs once it knows an extension will start: launch planning, the sandbox's
 * trust summary and the host. Loaded only through `loadHost()` (run_mod.ts), so a run
 * without extensions never evaluates runtime, sandbox or the zod codec.
 */

export { detectOsSandbox, planLaunches, sandboxPlaces } from "./sandbox/mod.ts";
export { DEFAULT_HOST_OPTIONS, ExtensionHost } from "./runtime/mod.ts";

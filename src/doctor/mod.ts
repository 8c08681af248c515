/** `zot doctor`: what zot and its extensions depend on on this machine, and the fix for each gap. */
export { processContext, runDoctor } from "./checks.ts";
export type { DoctorContext, DoctorItem, DoctorStatus } from "./types.ts";

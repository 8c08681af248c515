/**
 * JSON with comments: manifests and other hand-edited files. Kept out of src/config so that
 * reading a path or the version loads no npm package (zot --version stays cheap), and the
 * parser itself loads on first need (load.ts says why).
 */
export { setJsoncProperty, tryParseJsonc } from "./load.ts";
export { describeJsoncProblem } from "./problem.ts";
export type { JsoncPath, JsoncProblem, JsoncResult } from "./problem.ts";

/**
 * JSON with comments: manifests and other hand-edited files. Kept out of src/config so that
 * reading a path or the version loads no npm package (zot --version stays cheap).
 */
export { describeJsoncProblem, parseJsonc, setJsoncProperty, tryParseJsonc } from "./jsonc.ts";
export type { JsoncPath, JsoncProblem, JsoncResult } from "./jsonc.ts";

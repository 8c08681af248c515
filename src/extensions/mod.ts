/** The extension host: discovery, manifests, subprocess lifecycle, protocol runtime, management. */
export { extensionDataDir, extensionLogFile, extensionNameProblem } from "./names.ts";

/** zot's version, from deno.json so there is one place to bump it. */
import denoJson from "../../deno.json" with { type: "json" };

/** The running zot version. */
export const ZOT_VERSION: string = denoJson.version;

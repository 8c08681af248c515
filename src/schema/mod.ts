/** JSON Schema: checking tool schemas on registration and validating tool args. */
export { ArgsValidator, checkToolSchema } from "./json_schema.ts";
export type { JsonSchema } from "./json_schema.ts";

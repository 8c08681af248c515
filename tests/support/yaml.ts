/** Wrapper of the `yaml` package (tests only): parses the GitHub workflow files. */
import { parse } from "yaml";

/** Parses YAML text into plain data. */
export function parseYaml(text: string): unknown {
  return parse(text);
}

// The floor of the whole-process benchmarks: `deno run` of a script that does nothing.

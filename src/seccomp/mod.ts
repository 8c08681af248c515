/**
 * The seccomp filter restricted processes run under (no Unix sockets), the file bwrap reads
 * it from, and the command that loads it. A leaf: the extensions' sandbox and the jail use it.
 */
export { unixSocketFilter } from "./filter.ts";
export { filterFile } from "./filter_file.ts";
export { filteredBwrap, FilterUnwritable, withFilter } from "./wrap.ts";

/** `zot rpc …` is the original zot's spelling of `zot --rpc …`; every root flag still applies. */
export function expandRpcAlias(args: readonly string[]): string[] {
  return args[0] === "rpc" ? ["--rpc", ...args.slice(1)] : [...args];
}

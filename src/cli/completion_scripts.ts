/**
 * Shell completion scripts generated from the commander tree, so a new command or flag is
 * completed without anyone editing a script. Each shell gets the same small state machine:
 * walk the words typed so far from `zot` through subcommands to a node, then offer that
 * node's subcommands, flags and argument choices (or an option's choices after it).
 */

import type { CommandUnknownOpts } from "./commander.ts";

/** The shells `zot completions` writes scripts for. */
export const COMPLETION_SHELLS = ["bash", "zsh", "fish"] as const;

/** One of COMPLETION_SHELLS. */
export type CompletionShell = typeof COMPLETION_SHELLS[number];

/** A command as the scripts see it. */
interface Node {
  id: string;
  /** Subcommand name (and aliases) → child id. */
  children: [string, string][];
  /** What to offer here. */
  words: string[];
  /** Flag → the values it takes. */
  choices: [string, string[]][];
  /** Its argument is one of a few words, never a file. */
  noFiles: boolean;
}

type AnyCommand = CommandUnknownOpts;

// Only these characters reach a script, so no name can break out of its quoting.
const SAFE = /^[A-Za-z0-9][A-Za-z0-9_.:=-]*$|^--?[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** A subcommand's node id: its parent's id and its name, as a shell-safe word. */
function childId(parent: string, sub: AnyCommand): string {
  return `${parent}_${sub.name().replace(/[^A-Za-z0-9]/g, "_")}`;
}

function collect(cmd: AnyCommand, id: string, nodes: Node[]): void {
  const help = cmd.createHelp();
  const node: Node = { id, children: [], words: [], choices: [], noFiles: false };
  nodes.push(node);
  for (const sub of help.visibleCommands(cmd) as AnyCommand[]) {
    for (const name of [sub.name(), ...sub.aliases()].filter((n) => SAFE.test(n))) {
      node.children.push([name, childId(id, sub)]);
      node.words.push(name);
    }
  }
  for (const option of help.visibleOptions(cmd)) {
    const flags = [option.long, option.short].filter((f): f is string => !!f && SAFE.test(f));
    node.words.push(...flags);
    const values = (option.argChoices ?? []).filter((v) => SAFE.test(v));
    if (values.length > 0) { for (const flag of flags) node.choices.push([flag, values]); }
  }
  for (const argument of help.visibleArguments(cmd)) {
    node.words.push(...(argument.argChoices ?? []).filter((v) => SAFE.test(v)));
    node.noFiles ||= (argument.argChoices?.length ?? 0) > 0;
  }
  for (const [, child] of node.children) {
    const sub = (cmd.commands as AnyCommand[]).find((c) => childId(id, c) === child);
    if (sub && !nodes.some((n) => n.id === child)) collect(sub, child, nodes);
  }
}

/** The completion script for one shell, from the root command. */
export function completionScript(
  root: AnyCommand,
  shell: CompletionShell,
  extraRootWords: string[] = [],
): string {
  const nodes: Node[] = [];
  collect(root, "zot", nodes);
  nodes[0].words.unshift(...extraRootWords.filter((w) => SAFE.test(w)));
  if (shell === "bash") return bashScript(nodes);
  if (shell === "zsh") return zshScript(nodes);
  return fishScript(nodes);
}

function transitions(nodes: Node[], indent: string): string {
  return nodes.flatMap((n) =>
    n.children.map(([word, child]) => `${indent}${n.id}/${word}) node=${child} ;;`)
  )
    .join("\n");
}

function choiceCases(nodes: Node[], indent: string, assign: (w: string[]) => string): string {
  return nodes.flatMap((n) =>
    n.choices.map(([flag, values]) => `${indent}${n.id}/${flag}) ${assign(values)} ;;`)
  ).join("\n");
}

function wordCases(nodes: Node[], indent: string, assign: (w: string[]) => string): string {
  return nodes.map((n) => `${indent}${n.id}) ${assign(n.words)} ;;`).join("\n");
}

/**
 * The part bash and zsh share: walk the typed words to a node (`loop` bounds the index into
 * the shell's `words` array), then assign the node's candidates with `assign`.
 */
function walkAndOffer(
  nodes: Node[],
  loop: string,
  words: string,
  assign: (w: string[]) => string,
): string {
  return `  for ((${loop}; i++)); do
    case "$node/\${${words}[i]}" in
${transitions(nodes, "      ")}
    esac
  done
  case "$node/$prev" in
${choiceCases(nodes, "    ", assign)}
    *)
      case "$node" in
${wordCases(nodes, "        ", assign)}
      esac
      ;;
  esac`;
}

function bashScript(nodes: Node[]): string {
  const assign = (w: string[]) => `words="${w.join(" ")}"`;
  return `# bash completion for zot. Load it with: source <(zot completions bash)
_zot() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" node=zot i words=""
${walkAndOffer(nodes, "i = 1; i < COMP_CWORD", "COMP_WORDS", assign)}
  # shellcheck disable=SC2207 # bash 3.2 (macOS) has no mapfile
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _zot zot
`;
}

function zshScript(nodes: Node[]): string {
  const assign = (w: string[]) => `candidates=(${w.join(" ")})`;
  return `#compdef zot
# zsh completion for zot. Load it with: source <(zot completions zsh)  (after compinit),
# or save it as _zot in a folder on $fpath.
_zot() {
  local node=zot i prev="\${words[CURRENT-1]}"
  local -a candidates
${walkAndOffer(nodes, "i = 2; i < CURRENT", "words", assign)}
  compadd -a candidates || _files
}
if (( $+functions[compdef] )); then compdef _zot zot; fi
`;
}

function fishScript(nodes: Node[]): string {
  const fishCases = nodes.flatMap((n) =>
    n.children.map(([word, child]) =>
      `            case ${n.id}/${word}\n                set node ${child}`
    )
  ).join("\n");
  const lines = [
    "# fish completion for zot. Load it with: zot completions fish | source",
    "function __zot_node",
    "    set -l node zot",
    "    for word in (commandline -opc)[2..-1]",
    '        switch "$node/$word"',
    fishCases,
    "        end",
    "    end",
    "    echo $node",
    "end",
    "function __zot_prev",
    "    echo (commandline -opc)[-1]",
    "end",
  ];
  for (const n of nodes) {
    for (const [flag, values] of n.choices) {
      lines.push(
        `complete -c zot -f -n 'test (__zot_node)/(__zot_prev) = ${n.id}/${flag}' -a '${
          values.join(" ")
        }'`,
      );
    }
    const flagged = n.choices.map(([flag]) => `(__zot_prev) != ${flag}`).join("; and test ");
    const guard = flagged ? `; and test ${flagged}` : "";
    const files = n.noFiles ? " -f" : "";
    lines.push(
      `complete -c zot${files} -n 'test (__zot_node) = ${n.id}${guard}' -a '${n.words.join(" ")}'`,
    );
  }
  return lines.join("\n") + "\n";
}

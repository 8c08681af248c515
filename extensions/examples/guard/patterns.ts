/** Shell commands too dangerous to let an agent run, by name. */

/** A named danger pattern. */
export interface DangerPattern {
  name: string;
  pattern: RegExp;
}

// Flags of one `rm` invocation that include both recursive and force, in any spelling.
const RM_RF = String.raw`\brm\s+(?=(?:[^;&|\n]*\s)?-(?:[a-zA-Z]*[rR]|-recursive))` +
  String.raw`(?=(?:[^;&|\n]*\s)?-(?:[a-zA-Z]*f|-force))`;
// Targets whose removal destroys a system or a home directory.
const ROOTISH = String.raw`(?:/|/\*|~|~/|~/\*|\$HOME|\$\{HOME\}|\$HOME/\*?)`;

/** Checked in order; the first match names the refusal. */
export const DANGER_PATTERNS: DangerPattern[] = [
  {
    name: "rm -rf /",
    pattern: new RegExp(
      String.raw`${RM_RF}(?:[^;&|\n]*\s)?(?:${ROOTISH}|--no-preserve-root)(?=$|[\s;&|])`,
    ),
  },
  {
    name: "curl | sh",
    pattern: /\b(?:curl|wget)\b[^;&|\n]*\|\s*(?:sudo\s+)?(?:ba|z|da|k|fi)?sh\b/,
  },
  { name: "mkfs", pattern: /(?:^|[\s;&|(])mkfs(?:\.[a-z0-9]+)?\b/ },
  { name: "dd of=/dev", pattern: /\bdd\b[^;&|\n]*\bof=\/dev\/(?!null\b|zero\b|stdout\b|stderr\b)/ },
  { name: "fork bomb", pattern: /:\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/ },
  {
    name: "> /dev/sd*",
    pattern: />\s*\/dev\/(?:sd[a-z]|nvme\d|hd[a-z]|vd[a-z]|xvd[a-z]|mmcblk\d)/,
  },
  {
    name: "chmod -R 777 /",
    pattern: /\bchmod\s+(?:-\S+\s+)*-[a-zA-Z]*R[a-zA-Z]*\s+(?:-\S+\s+)*0?777\s+\/(?=$|[\s;&|])/,
  },
];

/** The first danger pattern `command` matches, if any. */
export function dangerIn(command: string): DangerPattern | undefined {
  return DANGER_PATTERNS.find(({ pattern }) => pattern.test(command));
}

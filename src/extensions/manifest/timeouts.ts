/**
 * A manifest's own `timeouts` (milliseconds): how long zot waits for this extension to
 * start, and for each command, tool call and intercept. Each is capped so a manifest
 * cannot make zot wait forever; progress frames extend a call up to its kind's cap.
 */

/** The waits a manifest may set. */
export interface ManifestTimeouts {
  startup?: number;
  command?: number;
  tool?: number;
  intercept?: number;
}

/** The longest each wait may be (and the hard cap on a call that keeps reporting progress). */
export const TIMEOUT_CAPS_MS: Readonly<Required<ManifestTimeouts>> = {
  startup: 120_000,
  command: 600_000,
  tool: 1_800_000,
  intercept: 60_000,
};

const KEYS = Object.keys(TIMEOUT_CAPS_MS) as (keyof ManifestTimeouts)[];

/** Validates `timeouts`; problems name the key and its cap. Undefined when absent. */
export function parseTimeouts(
  value: unknown,
  problems: string[],
): ManifestTimeouts | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) {
    problems.push(`"timeouts" must be an object of milliseconds (${KEYS.join(", ")})`);
    return undefined;
  }
  const timeouts: ManifestTimeouts = {};
  for (const [key, ms] of Object.entries(value as Record<string, unknown>)) {
    if (!(KEYS as string[]).includes(key)) {
      problems.push(`"timeouts.${key}" is not a known timeout (${KEYS.join(", ")})`);
      continue;
    }
    const cap = TIMEOUT_CAPS_MS[key as keyof ManifestTimeouts];
    if (typeof ms !== "number" || !Number.isInteger(ms) || ms < 1 || ms > cap) {
      problems.push(`"timeouts.${key}" must be a whole number of milliseconds from 1 to ${cap}`);
      continue;
    }
    timeouts[key as keyof ManifestTimeouts] = ms;
  }
  return timeouts;
}

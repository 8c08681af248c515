/** The shapes of `zot ext check`'s report, shared by the checklist and the probe. */

/** The verdict of one checklist item. */
export type CheckStatus = "pass" | "warn" | "fail" | "skip" | "info";

/** One line of the checklist. */
export interface CheckItem {
  status: CheckStatus;
  title: string;
  detail?: string;
}

/** Everything `zot ext check` found. */
export interface CheckReport {
  extension: string;
  dir: string;
  /** False when any item failed. */
  ok: boolean;
  items: CheckItem[];
  /** What the extension wrote to stderr. */
  stderr: string;
}

/** What `zot doctor` reports and what its checks look at. */

/** ok: fine; warn: something optional is missing; fail: zot cannot work as configured. */
export type DoctorStatus = "ok" | "warn" | "fail";

/** One line of the report. */
export interface DoctorItem {
  name: string;
  status: DoctorStatus;
  detail: string;
  /** The next step when status is not ok. */
  fix?: string;
}

/** What the checks look at; injectable so tests can describe another machine. */
export interface DoctorContext {
  os: typeof Deno.build.os;
  /** Whether zot is a compiled binary (else it runs under deno from source). */
  standalone: boolean;
  /** The running executable: the zot binary, or the deno running zot. */
  execPath: string;
  env: Record<string, string>;
  /** zot's process id: 1 when it is a container's first process. */
  pid: number;
}

/** Running a found program for its first line (finding it is config/which.ts). */

/** The first line `<program> <args>` prints, or undefined when it cannot run. */
export async function firstLine(program: string, args: string[]): Promise<string | undefined> {
  try {
    const { code, stdout } = await new Deno.Command(program, {
      args,
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).output();
    if (code !== 0) return undefined;
    return new TextDecoder().decode(stdout).split("\n")[0].trim() || undefined;
  } catch {
    return undefined;
  }
}

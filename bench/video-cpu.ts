import { readFileSync } from "node:fs";

/** Clock ticks per second of /proc's times: 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) spent by this process's finished children, ffmpeg here: on a shared
 * machine the wall time follows the load, this does not. NaN where there is no /proc.
 */
export function childCpuSeconds(): number {
  try {
    // Fields after the command's closing parenthesis; cutime and cstime are the 16th and 17th of
    // the whole line, the 14th and 15th after it.
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

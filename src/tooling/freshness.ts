import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Newest modification time among files under the given paths; 0 when none exist. */
function newestMtime(paths: readonly string[]): number {
  let newest = 0;
  for (const path of paths) {
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(path);
    } catch {
      continue;
    }
    if (stat.isDirectory()) {
      const children = readdirSync(path).map((name) => join(path, name));
      newest = Math.max(newest, newestMtime(children));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  }
  return newest;
}

/** True when the output is missing or older than any of its inputs. */
export function isStale(output: string, inputs: readonly string[]): boolean {
  const built = newestMtime([output]);
  return built === 0 || newestMtime(inputs) > built;
}

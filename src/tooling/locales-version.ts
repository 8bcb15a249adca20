import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoPath } from "../platform/paths.ts";

/**
 * A short hash of every locale file (names and texts): the version query the pages put on
 * /locales/... so a browser keeps each file until a text changes.
 */
export function localesVersion(dir = repoPath("locales")): string {
  const hash = createHash("sha256");
  for (const language of readdirSync(dir).sort()) {
    for (const file of readdirSync(join(dir, language)).sort()) {
      hash.update(`${language}/${file}\n`);
      hash.update(readFileSync(join(dir, language, file)));
    }
  }
  return hash.digest("hex").slice(0, 12);
}

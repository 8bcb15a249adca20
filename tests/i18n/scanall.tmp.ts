import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { scanSource } from "./text-scan.ts";

function files(p: string): string[] {
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p)
    .flatMap((n) => files(join(p, n)))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"));
}
for (const dir of process.argv.slice(2))
  for (const f of files(dir)) {
    const s = scanSource(f, readFileSync(f, "utf8"));
    for (const u of s.untranslated) console.log(`${f}:${u.line} ${JSON.stringify(u.text)}`);
  }

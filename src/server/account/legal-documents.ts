import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { LegalDocument } from "../../shared/api/account.ts";

export const LEGAL_DOCUMENTS = ["terms", "privacy"] as const;
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number];

/** The shipped texts, used until the operator writes their own. */
const DEFAULTS_DIR = join(import.meta.dirname, "legal");

/** A version is the first 12 hex digits of the text's SHA-256: any edit makes a new one. */
export const legalVersion = (markdown: string): string =>
  createHash("sha256").update(markdown).digest("hex").slice(0, 12);

/**
 * The operator's document (`<legalDir>/<name>.md`, legalDir being DATA_DIR/legal), else the shipped
 * default. Read on each request, so an edited file shows without a restart.
 */
export async function readLegalDocument(
  legalDir: string | undefined,
  name: LegalDocumentName,
): Promise<LegalDocument> {
  if (legalDir) {
    const own = await readFile(join(legalDir, `${name}.md`), "utf8").catch(() => null);
    if (own !== null && own.trim() !== "")
      return { version: legalVersion(own), markdown: own, source: "operator" };
  }
  const markdown = await readFile(join(DEFAULTS_DIR, `${name}.md`), "utf8");
  return { version: legalVersion(markdown), markdown, source: "default" };
}

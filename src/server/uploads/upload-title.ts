import { TITLE_MAX } from "../../shared/api/clips.ts";

export const UNTITLED = "Untitled Song";

/**
 * A clip title from the name of the file on the user's machine: its last path
 * part without the extension, control characters and runs of spaces removed.
 * The name is never used for anything else, so "../../x.wav" is just "x".
 */
export function titleFromFilename(filename: string | null | undefined): string {
  const base = (filename ?? "").split(/[\\/]/).pop() ?? "";
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, "");
  const clean = stem
    .replace(/\p{Cc}/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  if (/^\.*$/.test(clean)) return UNTITLED;
  return Array.from(clean).slice(0, TITLE_MAX).join("");
}

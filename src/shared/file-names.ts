// Names of the files in an export zip: named by title, "Untitled" when there is
// none, with numeric suffixes where two would otherwise be the same.

export const UNTITLED = "Untitled";

const REFUSED = new Set(["\\", "/", ":", "*", "?", '"', "<", ">", "|"]);

/** A character file systems refuse: the reserved ones and control characters. */
const refused = (character: string): boolean => REFUSED.has(character) || character.charCodeAt(0) < 0x20;

/** Characters file systems refuse, control characters, and leading dots (hidden files). */
export function safeTitle(title: string): string {
  const cleaned = [...title]
    .map((character) => (refused(character) ? " " : character))
    .join("")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "")
    .slice(0, 120)
    .trim();
  return cleaned === "" ? UNTITLED : cleaned;
}

export interface NamedFile {
  readonly title: string;
  /** Without the dot: "wav", "mp3", "mid". */
  readonly extension: string;
}

/**
 * File names for titles in order: "Title.ext", then "Title (2).ext", "Title (3).ext" for the
 * same title and extension again. Names are compared ignoring case, as on most file systems.
 */
export function uniqueFileNames(files: readonly NamedFile[]): string[] {
  const taken = new Set<string>();
  return files.map(({ title, extension }) => {
    const base = safeTitle(title);
    let name = `${base}.${extension}`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n}).${extension}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

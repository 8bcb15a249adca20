/**
 * Text the server takes from anyone: no control characters but tab, line feed and carriage return,
 * and no lone UTF-16 surrogates. PostgreSQL refuses NUL in text and jsonb, and a lone surrogate in
 * jsonb; the other control characters have no business in names, prompts or lyrics.
 */
const UNSAFE_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;

export const UNSAFE_TEXT = "must not contain control characters";

/** Deeper than any request body of ours (a studio state nests about ten levels). */
const MAX_DEPTH = 64;

export const isSafeText = (text: string) => !UNSAFE_CHARACTER.test(text);

/**
 * The path (e.g. `body.tracks.3.name`) of the first unsafe string in a parsed request part, keys
 * included; null when all of it is safe. Binary bodies are not text and are not looked into; a part
 * nested deeper than any request of ours is refused as unsafe too.
 */
export function findUnsafeText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return isSafeText(value) ? null : path;
  if (typeof value !== "object" || value === null || ArrayBuffer.isView(value)) return null;
  if (depth > MAX_DEPTH) return path;
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (!isSafeText(key)) return at;
    const found = findUnsafeText(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

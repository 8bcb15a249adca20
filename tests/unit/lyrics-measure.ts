// Measures of written lyrics for the lyric tests: sections by tag, and the rhyme scheme a
// section's lines make by the rhyme lexicon.
import { lastWord, linesRhyme } from "../../src/generator/lyrics/rhymes.ts";

/** The lyrics as [tag, lines] per section. */
export const sectionsOf = (text: string) =>
  text.split("\n\n").map((block) => {
    const [tag = "", ...lines] = block.split("\n");
    return { tag, lines };
  });

/**
 * The rhyme scheme of the lines as letters: a line rhyming with an earlier one takes its letter,
 * a line that rhymes with no other line is "X", others take the next letter ("AABB", "XAXA").
 */
export function rhymeScheme(lines: readonly string[]): string {
  const letters: string[] = [];
  let next = 0;
  lines.forEach((line, i) => {
    const earlier = lines.findIndex((other, j) => j < i && linesRhyme(other, line));
    if (earlier >= 0) letters.push(letters[earlier]);
    else if (lines.some((other, j) => j > i && linesRhyme(other, line))) letters.push("ABCD"[next++]);
    else letters.push("X");
  });
  return letters.join("");
}

/** Lines that rhyme by the scheme end in different words (a word does not rhyme with itself). */
export function rhymesWithItself(lines: readonly string[]): boolean {
  return lines.some((line, i) =>
    lines.some((other, j) => j > i && linesRhyme(line, other) && lastWord(line) === lastWord(other)),
  );
}

// Two scores of one song joined note by note: what extend keeps before its join and infill keeps
// around its range, with the other score's notes elsewhere.

import type { DrumHit, InstrumentPart, Note, VocalNote, VocalPart } from "../score.ts";

/** Notes of two scores joined: `a`'s where `fromA` holds, `b`'s elsewhere. */
export function joinNotes<T extends Note | DrumHit>(
  a: readonly T[],
  b: readonly T[],
  fromA: (time: number) => boolean,
): T[] {
  return [...a.filter((n) => fromA(n.start)), ...b.filter((n) => !fromA(n.start))].sort(
    (x, y) => x.start - y.start,
  );
}

export function joinVocals(
  a: VocalPart | null,
  b: VocalPart | null,
  fromA: (time: number) => boolean,
): VocalPart | null {
  const notes: { note: VocalNote; origin: "a" | "b" }[] = [
    ...(a?.notes.filter((n) => fromA(n.start)).map((note) => ({ note, origin: "a" as const })) ?? []),
    ...(b?.notes.filter((n) => !fromA(n.start)).map((note) => ({ note, origin: "b" as const })) ?? []),
  ].sort((x, y) => x.note.start - y.note.start);
  const base = a ?? b;
  if (!base || notes.length === 0) return null;
  const words: string[] = [];
  const index = new Map<string, number>();
  const joined = notes.map(({ note, origin }) => {
    const key = `${origin}:${note.word}`;
    let word = index.get(key);
    if (word === undefined) {
      word = words.length;
      index.set(key, word);
      words.push((origin === "a" ? a : b)?.words[note.word] ?? "");
    }
    return { ...note, word };
  });
  return { ...base, words, notes: joined };
}

export function joinParts(
  a: readonly InstrumentPart[],
  b: readonly InstrumentPart[],
  fromA: (time: number) => boolean,
): InstrumentPart[] {
  // Parts pair up by stem and order within it (a chords stem may hold the keys and a pad).
  const nth = (parts: readonly InstrumentPart[], part: InstrumentPart) =>
    parts.filter((p) => p.stem === part.stem).indexOf(part);
  return a.map((part) => {
    const other = b.filter((p) => p.stem === part.stem)[nth(a, part)];
    return { ...part, notes: joinNotes(part.notes, other?.notes ?? [], fromA) };
  });
}

import { describe, expect, it } from "vitest";
import { writeLyrics } from "../../src/generator/lyrics/write-lyrics.ts";
import { rhymeScheme, sectionsOf } from "./lyrics-measure.ts";

/** Twenty descriptions, each with the subject word the lyrics must sing. */
const DESCRIPTIONS: readonly (readonly [string, string])[] = [
  ["a pop song about coffee", "coffee"],
  ["a synthwave track about neon city nights", "neon"],
  ["heartbreak in the rain", "heartbreak"],
  ["a country song about my hometown", "hometown"],
  ["epic space rock anthem about astronauts", "astronauts"],
  ["a jazz ballad about an old piano", "piano"],
  ["dancing all night at the roller rink", "rink"],
  ["winter snow and christmas lights", "snow"],
  ["a reggae song about the island", "island"],
  ["a punk song about the subway", "subway"],
  ["folk song about a river", "river"],
  ["a soul song about my mother", "mother"],
  ["hip-hop about the basketball court", "basketball"],
  ["an indie song about bicycles", "bicycles"],
  ["a lullaby about the moon", "moon"],
  ["a blues song about a train", "train"],
  ["an r&b song about your smile", "smile"],
  ["edm anthem about fireworks", "fireworks"],
  ["a rock song about the desert highway", "desert"],
  ["a ballad about a lighthouse", "lighthouse"],
];

/** A title's shape: the subject written S, short words kept, any other word W. */
const SHORT = new Set("the a an of to in on and is at for me my i you all where did go back take".split(" "));
function titleShape(title: string, subject: string): string {
  return title
    .toLowerCase()
    .replace(new RegExp(`\\b${subject}\\b`, "g"), "S")
    .replace(/[a-z']+/g, (word) => (SHORT.has(word) ? word : "W"))
    .replace(/(W\s*)+/g, "W ")
    .trim();
}

describe("words and names", () => {
  const written = DESCRIPTIONS.map(([description, subject], seed) => ({
    subject,
    lyrics: writeLyrics(description, seed),
  }));

  it("sings each description's subject", () => {
    for (const { subject, lyrics } of written) expect(lyrics.text.toLowerCase(), subject).toContain(subject);
  });

  it("names the songs in at least 8 shapes, not from one template", () => {
    const shapes = new Set(written.map(({ subject, lyrics }) => titleShape(lyrics.title, subject)));
    expect(shapes.size, [...shapes].join(" | ")).toBeGreaterThanOrEqual(8);
    const titles = new Set(written.map(({ lyrics }) => lyrics.title));
    expect(titles.size).toBe(written.length);
  });

  it("rhymes the four-line sections by at least 3 schemes across the songs", () => {
    const schemes = new Set(
      written.flatMap(({ lyrics }) =>
        sectionsOf(lyrics.text)
          .filter(({ lines }) => lines.length === 4)
          .map(({ lines }) => rhymeScheme(lines)),
      ),
    );
    expect(schemes.size, [...schemes].join(" ")).toBeGreaterThanOrEqual(3);
  });
});

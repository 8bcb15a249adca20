import { describe, expect, it } from "vitest";
import { freshRadioSongs, radioExclusions, radioTag } from "../../src/app/radio/radio-rules.ts";
import type { Clip } from "../../src/shared/api/clips.ts";

const song = (id: string) => ({ id });

describe("song radio", () => {
  it("never repeats a song within the session, over many refills", () => {
    const played = new Set<string>(["seed"]);
    const answers = [
      ["a", "b", "seed", "b"],
      ["b", "c", "a", "d"],
      ["d", "e"],
    ];
    const heard: string[] = ["seed"];
    for (const answer of answers) {
      const fresh = freshRadioSongs(played, answer.map(song));
      for (const clip of fresh) played.add(clip.id);
      heard.push(...fresh.map((clip) => clip.id));
    }
    expect(heard).toEqual(["seed", "a", "b", "c", "d", "e"]);
    expect(new Set(heard).size).toBe(heard.length);
  });

  it("sends the session's latest 200 songs to leave out", () => {
    const played = Array.from({ length: 250 }, (_, at) => `s${at}`);
    const left = radioExclusions(played);
    expect(left).toHaveLength(200);
    expect(left[0]).toBe("s50");
    expect(left.at(-1)).toBe("s249");
  });

  it("plays the seed's first style, or any style", () => {
    const seed = (tags: string) => ({ metadata: { tags } }) as unknown as Clip;
    expect(radioTag(seed(" Dream Pop, lo-fi"))).toBe("dream pop");
    expect(radioTag(seed(""))).toBe("all");
  });
});

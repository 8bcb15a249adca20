import { afterAll, describe, expect, it } from "vitest";
import { composeSong } from "../../src/generator/compose/compose-song.ts";
import { singVocals } from "../../src/generator/vocals/sing-vocals.ts";
import { recycleSpeech } from "../../src/generator/vocals/speech-workers.ts";
import { songRequest } from "../generator-requests.ts";
import { cents, measureF0, median, midiHz } from "./generator-vocals-measure.ts";

const RATE = 48000;
const LYRICS = `[Verse]
Walking down the empty street tonight
Every window glowing with a golden light
I can hear the city singing soft and low
Telling me the places that I used to know
[Chorus]
Hold on, hold on to the morning sun
We will keep on dancing till the night is done
Hold on, hold on to the morning sun
Every heart is beating and we're only one
[Verse]
Shadows on the pavement and the rain is gone
Memories like rivers keep on rolling on
I remember laughing in the summer air
Running through the meadow without any care
[Chorus]
Hold on, hold on to the morning sun
We will keep on dancing till the night is done
Hold on, hold on to the morning sun
Every heart is beating and we're only one
[Bridge]
Oh the stars are falling one by one
And the world is spinning, it has just begun
[Chorus]
Hold on, hold on to the morning sun
We will keep on dancing till the night is done`;

describe("singVocals on a composed song", () => {
  afterAll(() => recycleSpeech());

  for (const gender of ["m", "f"] as const) {
    it(`sings every note of the ${gender === "m" ? "male" : "female"} line on its pitch`, async () => {
      const score = composeSong(
        songRequest({
          lyrics: LYRICS,
          instrumental: false,
          durationSeconds: null,
          vocalGender: gender,
          seed: 5,
        }),
      );
      const vocals = score.vocals;
      if (!vocals) throw new Error("the composer gave no vocals");
      const { audio, alignedWords } = await singVocals(score, RATE);
      const x = audio.channels[0];
      expect(x.every(Number.isFinite)).toBe(true);
      const secondsPerBeat = 60 / score.bpm;
      // One aligned word per word sung, from the first note of each.
      const firsts = [...vocals.notes]
        .sort((a, b) => a.start - b.start)
        .filter((note, i, all) => i === 0 || note.word !== all[i - 1].word);
      expect(alignedWords.map((w) => w.word)).toEqual(firsts.map((note) => vocals.words[note.word]));
      expect(alignedWords.map((w) => w.start_s)).toEqual(firsts.map((note) => note.start * secondsPerBeat));
      const errors: number[] = [];
      for (const note of vocals.notes) {
        const start = note.start * secondsPerBeat;
        const seconds = note.duration * secondsPerBeat;
        if (seconds < 0.2) continue;
        // The second half of the note: past the onset consonants and the glide, before the release.
        // Searched within a major sixth either way: a wrong octave reads as no pitch (NaN).
        const hz = midiHz(note.pitch);
        const f0 = measureF0(
          x,
          RATE,
          Math.round((start + 0.45 * seconds) * RATE),
          Math.round((0.55 * seconds - 0.04) * RATE),
          hz / 1.6,
          hz * 1.6,
        );
        errors.push(Math.abs(cents(f0, hz)));
      }
      expect(errors.length).toBeGreaterThan(50);
      expect(errors.every(Number.isFinite)).toBe(true);
      expect(median(errors)).toBeLessThanOrEqual(5);
      expect(Math.max(...errors)).toBeLessThanOrEqual(25);
    }, 60_000);
  }
});

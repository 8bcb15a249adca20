import { beforeAll, describe, expect, it } from "vitest";
import { composeSong } from "../../src/generator/compose/compose-song.ts";
import { sampledKit, sampledSound } from "../../src/generator/compose/sampled-sounds.ts";
import { scoreToMidi } from "../../src/generator/midi/score-midi.ts";
import { measureLoudness } from "../../src/generator/render/loudness.ts";
import { masterMix, mixStems } from "../../src/generator/render/master.ts";
import {
  INSTRUMENT_STEMS,
  renderInstrumentStems,
  renderStem,
} from "../../src/generator/render/render-stems.ts";
import { usesSoundFont } from "../../src/generator/render/sampled-parts.ts";
import { parseSoundFont, prepareSoundFont } from "../../src/generator/render/sampler/sound-font.ts";
import type { InstrumentPart, Score } from "../../src/generator/score.ts";
import type { PcmAudio } from "../../src/generator/song-request.ts";
import { newDsp } from "../dsp-wasm.ts";
import { pcmBytes, songRequest } from "../generator-requests.ts";
import { testScore } from "./generator-render-score.ts";

const RATE = 48000;

beforeAll(prepareSoundFont);

const rms = (audio: PcmAudio) => {
  let energy = 0;
  let count = 0;
  for (const channel of audio.channels) {
    for (const x of channel) energy += x * x;
    count += channel.length;
  }
  return Math.sqrt(energy / count);
};

/**
 * The mean of 4 sin^2(pi f / rate) over the signal's spectrum (weighted by power): the energy of the
 * first difference over the energy. A pure tone at f gives exactly that; a brighter sound (more
 * energy in high harmonics) a larger number.
 */
const brightness = (audio: PcmAudio) => {
  let diff = 0;
  let energy = 0;
  for (const channel of audio.channels) {
    for (let i = 1; i < channel.length; i++) {
      const d = channel[i] - channel[i - 1];
      diff += d * d;
      energy += channel[i] * channel[i];
    }
  }
  return diff / energy;
};

/** A request's score, cut to its first `beats` beats so its stems render quickly. */
function composed(tags: string, beats = 32): Score {
  const score = composeSong(songRequest({ tags, durationSeconds: 30 }));
  const start = score.sections[0]?.start ?? 0;
  return { ...score, lengthBeats: (start + beats) as Score["lengthBeats"] };
}

const partWith = (score: Score, program: number) => score.parts.find((p) => p.program === program);

describe("the instruments a genre and a request ask for", () => {
  it("are real instruments by genre: distorted guitars in metal and punk, overdriven in rock, an upright bass in bossa nova", () => {
    expect(sampledSound("metal", "guitar-ks", "metal", "")?.program).toBe(30);
    expect(sampledSound("punk", "guitar-ks", "punk", "")?.program).toBe(30);
    expect(sampledSound("rock", "guitar-ks", "rock", "")?.program).toBe(29);
    expect(sampledSound("bossa nova", "bass-ks", "bossa nova", "")?.program).toBe(32);
    expect(sampledSound("jazz", "bass-ks", "jazz", "")).toBeNull();
    expect(sampledSound("bossa nova", "guitar-ks", "bossa nova", "")?.program).toBe(24);
    expect(sampledSound("folk", "guitar-ks", "folk", "")?.program).toBe(25);
    expect(sampledSound("pop", "piano-fm", "pop", "")?.program).toBe(0);
  });

  it("play an instrument the request names as named, unless a negative style rules it out", () => {
    expect(sampledSound("jazz", "lead-square", "jazz, saxophone", "")).toEqual({
      program: 65,
      name: "Alto Sax",
    });
    expect(sampledSound("rock", "lead-saw", "rock with a horn section", "")?.program).toBe(61);
    expect(sampledSound("synthwave", "lead-square", "synthwave with tenor sax", "")?.program).toBe(66);
    expect(sampledSound("jazz", "lead-square", "jazz, saxophone", "saxophone")?.program).toBe(65);
    expect(sampledSound("pop", "lead-square", "pop, sax", "sax")).toBeNull();
  });

  it("keep the synthesizers in synth genres and for synth patches", () => {
    for (const patch of ["lead-saw", "pad-saw", "bass-saw", "piano-fm"] as const) {
      expect(sampledSound("synthwave", patch, "synthwave", "")).toBeNull();
      expect(sampledSound("edm", patch, "edm", "")).toBeNull();
    }
    expect(sampledSound("pop", "pad-saw", "pop", "")).toBeNull();
    expect(sampledKit("edm", "electronic")).toBeNull();
    expect(sampledKit("trap", "808")).toBeNull();
    expect(sampledKit("lo-fi", "lofi")).toBeNull();
  });

  it("give a genre its kit: brushes for jazz, the power kit for rock, the orchestra kit for film scores", () => {
    expect(sampledKit("jazz", "acoustic")).toBe(40);
    expect(sampledKit("rock", "acoustic")).toBe(16);
    expect(sampledKit("cinematic", "acoustic")).toBe(48);
    expect(sampledKit("country", "acoustic")).toBe(8);
    expect(sampledKit("reggae", "acoustic")).toBe(0);
  });

  it("reach the composed score and its MIDI: a saxophone in a jazz description, distorted guitars in metal", () => {
    const jazz = composed("smooth jazz with saxophone");
    const sax = partWith(jazz, 65);
    expect(sax?.name).toBe("Alto Sax");
    expect(jazz.drums.program).toBe(40);
    const metal = composed("heavy metal");
    expect(metal.parts.some((p) => p.program === 30)).toBe(true);
    const synthwave = composed("synthwave, retro");
    expect(usesSoundFont(synthwave)).toBe(false);
    const midiPrograms = [...scoreToMidi(jazz)];
    // Program change 0xC? followed by the saxophone's program number.
    expect(midiPrograms.some((byte, i) => (byte & 0xf0) === 0xc0 && midiPrograms[i + 1] === 65)).toBe(true);
  });
});

describe("sampled stems", () => {
  it("sound in their stem: a jazz description's saxophone lead and its brushed kit are audible", () => {
    const jazz = composed("jazz with saxophone", 48);
    const dsp = newDsp();
    const lead = renderStem(dsp, jazz, "lead", RATE);
    const drums = renderStem(dsp, jazz, "drums", RATE);
    expect(rms(lead)).toBeGreaterThan(0.005);
    expect(rms(drums)).toBeGreaterThan(0.005);
    for (const channel of [...lead.channels, ...drums.channels])
      expect(channel.every(Number.isFinite)).toBe(true);
  });

  it("are brighter played by a distorted guitar than by a clean one, the same notes at the same level", () => {
    const base = testScore();
    const guitar = (program: number): Score => ({
      ...base,
      drums: { ...base.drums, hits: [] },
      mix: { ...base.mix, reverb: { ...base.mix.reverb, wet: 0 }, delay: { ...base.mix.delay, wet: 0 } },
      parts: base.parts
        .filter((p) => p.stem === "chords")
        .map((p): InstrumentPart => ({ ...p, patch: "guitar-ks", program })),
    });
    const dsp = newDsp();
    const clean = renderStem(dsp, guitar(27), "chords", RATE);
    const distorted = renderStem(dsp, guitar(30), "chords", RATE);
    expect(rms(clean)).toBeGreaterThan(0.005);
    expect(rms(distorted)).toBeGreaterThan(0.005);
    expect(brightness(distorted)).toBeGreaterThan(2 * brightness(clean));
  });

  it("are byte-identical when rendered again on another instance, and a range equals the whole render's frames", () => {
    const rock = composed("rock", 24);
    const first = renderInstrumentStems(newDsp(), rock, RATE);
    const again = renderInstrumentStems(newDsp(), rock, RATE);
    for (const stem of INSTRUMENT_STEMS)
      expect(pcmBytes(again[stem]).equals(pcmBytes(first[stem]))).toBe(true);
    const range = renderStem(newDsp(), rock, "chords", RATE, 3.1, 5.2);
    const from = Math.round(3.1 * RATE);
    const whole = first.chords.channels[0].slice(from, from + range.channels[0].length);
    expect(Buffer.from(range.channels[0].buffer).equals(Buffer.from(whole.buffer))).toBe(true);
  });

  it("master to the loudness target without clipping", () => {
    const punk = composed("punk rock with distorted guitars", 64);
    const dsp = newDsp();
    const stems = renderInstrumentStems(dsp, punk, RATE);
    for (const stem of INSTRUMENT_STEMS) {
      for (const channel of stems[stem].channels) expect(channel.every((x) => Math.abs(x) < 1)).toBe(true);
    }
    const { mix } = masterMix(dsp, mixStems(INSTRUMENT_STEMS.map((s) => stems[s])));
    const { integratedLufs, truePeakDb } = measureLoudness(dsp, mix);
    expect(Math.abs(integratedLufs + 14)).toBeLessThan(1);
    expect(truePeakDb).toBeLessThanOrEqual(-1.5);
  });
});

describe("a SoundFont that is not one", () => {
  it("is a clear error naming the package to reinstall", () => {
    expect(() => parseSoundFont(new TextEncoder().encode("not a soundfont at all"))).toThrow(
      /SoundFont is corrupt .*reinstall the @librescore\/sf3 package/,
    );
  });
});

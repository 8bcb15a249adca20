import { Midi } from "@tonejs/midi";
import { describe, expect, it } from "vitest";
import { composeSong } from "../../src/generator/compose/compose-song.ts";
import { GM_PROGRAMS, MIDI_PPQ, scoreToMidi, scoreToStemMidi } from "../../src/generator/midi/score-midi.ts";
import { DRUM_NOTES } from "../../src/generator/score.ts";
import { songRequest } from "../generator-requests.ts";

const score = composeSong(
  songRequest({
    tags: "lo-fi, 84 bpm, in D minor",
    instrumental: false,
    lyrics: "[Verse]\nRain on the window, beautiful and slow\n[Chorus]\nStay with me tonight",
    durationSeconds: 30,
  }),
);
const ticks = (beats: number) => Math.round(beats * MIDI_PPQ);
const sorted = <T extends { ticks: number; midi: number; durationTicks: number }>(notes: readonly T[]) =>
  [...notes]
    .sort((a, b) => a.ticks - b.ticks || a.midi - b.midi)
    .map((n) => [n.ticks, n.midi, n.durationTicks] as const);

describe("score MIDI", () => {
  it("parses back with the tempo, time signature, one track per part, drums on channel 10 and the vocals", () => {
    const midi = new Midi(scoreToMidi(score));
    expect(midi.header.ppq).toBe(MIDI_PPQ);
    expect(midi.header.tempos[0].bpm).toBeCloseTo(84, 3);
    expect(midi.header.timeSignatures[0].timeSignature).toEqual([4, 4]);
    expect(midi.tracks.map((t) => t.name)).toEqual([...score.parts.map((p) => p.name), "Drums", "Vocals"]);
    for (const part of score.parts) {
      const track = midi.tracks.find((t) => t.name === part.name);
      expect(track?.instrument.number).toBe(GM_PROGRAMS[part.patch]);
      expect(track?.channel).not.toBe(9);
      expect(track?.notes).toHaveLength(part.notes.length);
      const expected = [...part.notes]
        .map((n) => ({ ticks: ticks(n.start), midi: n.pitch, durationTicks: Math.max(1, ticks(n.duration)) }))
        .sort((a, b) => a.ticks - b.ticks || a.midi - b.midi)
        .map((n) => [n.ticks, n.midi, n.durationTicks] as const);
      expect(sorted(track?.notes ?? [])).toEqual(expected);
      // Times in seconds at the song's tempo, to the tick.
      for (const [i, note] of (track?.notes ?? []).entries()) {
        const source = part.notes[i];
        // The file keeps the tempo in whole microseconds per beat.
        expect(note.time).toBeCloseTo((ticks(source.start) / MIDI_PPQ) * (60 / score.bpm), 4);
      }
    }
    const drums = midi.tracks.find((t) => t.name === "Drums");
    expect(drums?.channel).toBe(9);
    expect(drums?.instrument.percussion).toBe(true);
    expect(drums?.notes).toHaveLength(score.drums.hits.length);
    expect(sorted(drums?.notes ?? []).map(([t, m]) => [t, m])).toEqual(
      [...score.drums.hits]
        .map((h) => [ticks(h.start), DRUM_NOTES[h.drum]])
        .sort((a, b) => a[0] - b[0] || a[1] - b[1]),
    );
    const vocals = midi.tracks.find((t) => t.name === "Vocals");
    expect(vocals?.notes.map((n) => n.midi)).toEqual(score.vocals?.notes.map((n) => n.pitch));
    expect(vocals?.notes.map((n) => n.ticks)).toEqual(score.vocals?.notes.map((n) => ticks(n.start)));
  });

  it("carries the sung syllables as lyric events that spell the words", () => {
    const midi = new Midi(scoreToMidi(score));
    const lyrics = midi.header.meta.filter((m) => m.type === "lyrics").sort((a, b) => a.ticks - b.ticks);
    expect(
      lyrics
        .map((l) => l.text)
        .join("")
        .trim()
        .split(" "),
    ).toEqual(score.vocals?.words);
  });

  it("writes one stem per file", () => {
    const bass = new Midi(scoreToStemMidi(score, "bass"));
    expect(bass.tracks).toHaveLength(1);
    expect(bass.tracks[0].notes).toHaveLength(score.parts.find((p) => p.stem === "bass")?.notes.length ?? -1);
    const drums = new Midi(scoreToStemMidi(score, "drums"));
    expect(drums.tracks[0].channel).toBe(9);
    const vocals = new Midi(scoreToStemMidi(score, "vocals"));
    expect(vocals.tracks[0].name).toBe("Vocals");
    expect(vocals.tracks[0].notes).toHaveLength(score.vocals?.notes.length ?? -1);
  });

  it("is deterministic", () => {
    expect(Buffer.from(scoreToMidi(score)).equals(Buffer.from(scoreToMidi(score)))).toBe(true);
  });
});

// A short composed-by-hand score exercising every stem (drums with a kick to duck by, two chord
// parts, a mono bass and lead, reverb, delay and sidechain), for the render and master tests.

import type { DrumHit, Note, Score } from "../../src/generator/score.ts";
import { beats } from "../../src/shared/time.ts";

export function testScore(bars = 6, seed = 11): Score {
  const hits: DrumHit[] = [];
  const chords: Note[] = [];
  const bass: Note[] = [];
  const lead: Note[] = [];
  const progression = [
    [57, 60, 64],
    [53, 57, 60],
    [48, 52, 55],
    [55, 59, 62],
  ];
  const note = (start: number, duration: number, pitch: number, velocity: number): Note => ({
    start: beats(start),
    duration: beats(duration),
    pitch,
    velocity,
  });
  for (let bar = 0; bar < bars; bar++) {
    const b = bar * 4;
    hits.push(
      { start: beats(b), drum: "kick", velocity: 0.95 },
      { start: beats(b + 2.5), drum: "kick", velocity: 0.8 },
    );
    hits.push(
      { start: beats(b + 1), drum: "snare", velocity: 0.9 },
      { start: beats(b + 3), drum: "clap", velocity: 0.7 },
    );
    for (let e = 0; e < 8; e++) {
      hits.push({
        start: beats(b + e / 2),
        drum: e === 7 ? "openHat" : "closedHat",
        velocity: 0.5 + 0.2 * (e % 2),
      });
    }
    if (bar % 4 === 0) hits.push({ start: beats(b), drum: "crash", velocity: 0.7 });
    const chord = progression[bar % progression.length];
    for (const pitch of chord) chords.push(note(b, 3.9, pitch, 0.7));
    for (let q = 0; q < 4; q++) bass.push(note(b + q, 0.9, chord[0] - 24, 0.85));
    for (let q = 0; q < 4; q++) lead.push(note(b + q, 0.7, chord[q % 3] + 12, 0.75));
  }
  return {
    seed,
    bpm: 112,
    beatsPerBar: 4,
    key: { tonic: "A", mode: "minor" },
    genre: "pop",
    lengthBeats: beats(bars * 4),
    sections: [{ kind: "verse", start: beats(0), end: beats(bars * 4), energy: 0.7 }],
    drums: { kit: "electronic", hits, gain: 0.85 },
    parts: [
      { stem: "bass", patch: "bass-saw", name: "Bass", notes: bass, gain: 0.8, pan: 0 },
      { stem: "chords", patch: "epiano-fm", name: "Keys", notes: chords, gain: 0.55, pan: -0.2 },
      { stem: "chords", patch: "pad-saw", name: "Pad", notes: chords, gain: 0.3, pan: 0.2 },
      { stem: "lead", patch: "lead-square", name: "Lead", notes: lead, gain: 0.45, pan: 0.25 },
    ],
    vocals: null,
    mix: {
      reverb: { size: 0.55, wet: 0.25 },
      delay: { beats: 0.75, feedback: 0.35, wet: 0.2 },
      sidechain: 0.5,
    },
  };
}

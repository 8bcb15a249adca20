// The notes the demo's melodic material is synthesised from (src/engine/demo/demo-material.ts), as
// MIDI, so the demo's clips export .mid files as generated songs will. Keep in step with that file.

import type { ClipMidi, MidiNote } from "../midi/clip-midi.ts";

const BEAT_SECONDS = 0.5;

const PROGRESSION = [
  [57, 60, 64],
  [53, 57, 60],
  [48, 52, 55],
  [55, 59, 62],
];

const note = (midi: number, startBeats: number, durationSeconds: number, velocity = 0.8): MidiNote => ({
  midi,
  startSeconds: startBeats * BEAT_SECONDS,
  durationSeconds,
  velocity,
});

const bass: MidiNote[] = PROGRESSION.flatMap((chord, bar) =>
  [0, 1].map((half) => note(chord[0] - 24, bar * 4 + half * 2, 2 * BEAT_SECONDS - 0.02, 0.9)),
);

const chords: MidiNote[] = PROGRESSION.flatMap((chord, bar) =>
  chord.map((midi) => note(midi, bar * 4, 4 * BEAT_SECONDS, 0.6)),
);

const ARPEGGIO = [69, 72, 76, 72, 65, 69, 72, 69, 64, 67, 72, 67, 67, 71, 74, 71];
const lead: MidiNote[] = ARPEGGIO.map((midi, step) => note(midi, step / 2, BEAT_SECONDS / 2, 0.75));

const pad: MidiNote[] = [45, 52, 57, 60, 64].map((midi) => note(midi, 0, 32 * BEAT_SECONDS, 0.5));

/** By demo source name (the part after "demo-"). */
export const DEMO_MIDI: Readonly<Record<string, ClipMidi>> = {
  bass: { parts: [{ instrument: "electric bass (finger)", notes: bass }] },
  chords: { parts: [{ instrument: "electric piano 1", notes: chords }] },
  lead: { parts: [{ instrument: "lead 1 (square)", notes: lead }] },
  pad: { parts: [{ instrument: "pad 2 (warm)", notes: pad }] },
};

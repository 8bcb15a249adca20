// A score as Standard MIDI Files: the whole song (one track per part, drums on channel 10 with
// General MIDI keys, the sung melody as "Vocals" with its syllables as lyric events) and per stem.
// Times are written in ticks of the score's beats at its one tempo, so they round-trip exactly
// to the tick.

// A default import: @tonejs/midi is CommonJS, whose named exports Node's ESM loader cannot see
// (the generator runs in Node, under tsx and in worker threads).
import tonejsMidi from "@tonejs/midi";
import { DRUM_NOTES, type InstrumentPart, type PatchName, type Score, type StemName } from "../score.ts";

/** Pulses per quarter note (@tonejs/midi's default). */
export const MIDI_PPQ = 480;
/** General MIDI channel 10: percussion. */
const DRUM_CHANNEL = 9;

/** General MIDI programs (0-based) closest to each synthesized patch. */
export const GM_PROGRAMS: Readonly<Record<PatchName, number>> = {
  "piano-fm": 0,
  "epiano-fm": 4,
  organ: 16,
  "pad-saw": 90,
  "strings-saw": 48,
  "pluck-ks": 46,
  "guitar-ks": 25,
  "bell-fm": 14,
  "lead-square": 80,
  "lead-saw": 81,
  "bass-sub": 38,
  "bass-saw": 39,
  "bass-fm": 38,
  "bass-ks": 33,
};
/** Synth Voice: the vocal melody's program. */
const VOICE_PROGRAM = 54;

const ticks = (beats: number) => Math.round(beats * MIDI_PPQ);

type Midi = InstanceType<typeof tonejsMidi.Midi>;

function newMidi(score: Score, name: string): Midi {
  const midi = new tonejsMidi.Midi();
  midi.name = name;
  midi.header.setTempo(score.bpm);
  midi.header.timeSignatures.push({ ticks: 0, timeSignature: [score.beatsPerBar, 4] });
  midi.header.update();
  return midi;
}

/** Channels 1-16 without the drums' channel 10, in order. */
function channelFor(index: number): number {
  const channel = index % 15;
  return channel >= DRUM_CHANNEL ? channel + 1 : channel;
}

function addPart(midi: Midi, part: InstrumentPart, channel: number): void {
  const track = midi.addTrack();
  track.name = part.name;
  track.channel = channel;
  // The recorded instrument when one plays the part: the file then sounds in a DAW as the song does.
  track.instrument.number = part.program ?? GM_PROGRAMS[part.patch];
  for (const note of part.notes) {
    track.addNote({
      midi: note.pitch,
      ticks: ticks(note.start),
      durationTicks: Math.max(1, ticks(note.duration)),
      velocity: note.velocity,
    });
  }
}

function addDrums(midi: Midi, score: Score): void {
  const track = midi.addTrack();
  track.name = "Drums";
  track.channel = DRUM_CHANNEL;
  for (const hit of score.drums.hits) {
    track.addNote({
      midi: DRUM_NOTES[hit.drum],
      ticks: ticks(hit.start),
      durationTicks: MIDI_PPQ / 4,
      velocity: hit.velocity,
    });
  }
}

function addVocals(midi: Midi, score: Score, channel: number): void {
  if (!score.vocals) return;
  const track = midi.addTrack();
  track.name = "Vocals";
  track.channel = channel;
  track.instrument.number = VOICE_PROGRAM;
  score.vocals.notes.forEach((note, i) => {
    track.addNote({
      midi: note.pitch,
      ticks: ticks(note.start),
      durationTicks: Math.max(1, ticks(note.duration)),
      velocity: note.velocity,
    });
    if (note.syllable === "") return;
    // Karaoke style: a syllable that ends its word carries the space after it.
    const next = score.vocals?.notes.slice(i + 1).find((n) => n.syllable !== "");
    const endsWord = !next || next.word !== note.word;
    midi.header.meta.push({
      type: "lyrics",
      text: endsWord ? `${note.syllable} ` : note.syllable,
      ticks: ticks(note.start),
    });
  });
}

/** The song's MIDI file: every part, the drums and the vocals. */
export function scoreToMidi(score: Score): Uint8Array {
  const midi = newMidi(score, "Tunesmith song");
  for (const [i, part] of score.parts.entries()) addPart(midi, part, channelFor(i));
  addDrums(midi, score);
  addVocals(midi, score, channelFor(score.parts.length));
  return midi.toArray();
}

/** One stem's MIDI file (Get Stems' per-instrument MIDI). */
export function scoreToStemMidi(score: Score, stem: StemName): Uint8Array {
  const midi = newMidi(score, stem);
  if (stem === "drums") addDrums(midi, score);
  else if (stem === "vocals") addVocals(midi, score, 0);
  else
    for (const [i, part] of score.parts.filter((p) => p.stem === stem).entries())
      addPart(midi, part, channelFor(i));
  return midi.toArray();
}

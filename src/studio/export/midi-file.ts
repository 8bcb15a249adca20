// A clip's MIDI as a .mid file: the source's notes laid where the clip plays them on the timeline
// (its read start, its loop repeats, cut at its edges), in beats of the project's tempo, one track
// per part of the source.

import { Midi } from "@tonejs/midi";
import type { StudioClip, StudioProjectState } from "../../shared/project/index.ts";
import { beats, seconds } from "../../shared/time.ts";
import { beatsToSeconds, bpsAt, secondsToBeats, type TempoMap } from "../../shared/timing/tempo-map.ts";
import type { ClipMidi, MidiNote } from "../midi/clip-midi.ts";
import { clipTiming } from "../timeline/clip-timing.ts";
import { tempoOf } from "../timeline/project-geometry.ts";

/** Pulses per quarter note: @tonejs/midi's default. */
const PPQ = 480;
/** Notes shorter than this after cutting are dropped. */
const MIN_NOTE_SECONDS = 1e-4;

interface PlacedNote {
  readonly midi: number;
  readonly start: number;
  readonly end: number;
  readonly velocity: number;
}

/** The notes as heard, in timeline seconds, from the clip's start to its end. */
export function placedNotes(clip: StudioClip, tempo: TempoMap, notes: readonly MidiNote[]): PlacedNote[] {
  const timing = clipTiming(clip, tempo);
  const startSeconds = beatsToSeconds(tempo, beats(clip.startBeats));
  const endSeconds = beatsToSeconds(tempo, beats(clip.endBeats));
  const placed: PlacedNote[] = [];
  const add = (offset: number, from: number, to: number) => {
    for (const note of notes) {
      const noteStart = note.startSeconds;
      const noteEnd = note.startSeconds + note.durationSeconds;
      // Only the part of the note inside this stretch of content, then inside the clip.
      const start = Math.max(noteStart, from) + offset;
      const end = Math.min(noteEnd, to) + offset;
      const cutStart = Math.max(start, startSeconds);
      const cutEnd = Math.min(end, endSeconds);
      if (noteStart >= to || noteEnd <= from || cutEnd - cutStart < MIN_NOTE_SECONDS) continue;
      placed.push({ midi: note.midi, start: cutStart, end: cutEnd, velocity: note.velocity });
    }
  };
  const anchor = timing.anchorSeconds;
  if (!timing.loops) {
    add(anchor, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
  } else {
    // Up to the loop's end once, then the loop over and over until the clip ends.
    add(anchor, Number.NEGATIVE_INFINITY, timing.loopEnd);
    const length = timing.loopEnd - timing.loopStart;
    for (let at = anchor + timing.loopEnd; at < endSeconds && length > 0; at += length) {
      add(at - timing.loopStart, timing.loopStart, timing.loopEnd);
    }
  }
  return placed.sort((a, b) => a.start - b.start || a.midi - b.midi);
}

/**
 * The .mid file of a clip, or null when the clip carries no notes in its range. Times are written
 * in beats of the project's tempo, with the tempo at the song's start as the file's tempo; each
 * part with notes in the range is a track (named after the part, or the clip when it has no name).
 */
export function clipMidiFile(
  state: StudioProjectState,
  clip: StudioClip,
  midi: ClipMidi,
  offsetBeats = 0,
): Uint8Array | null {
  const tempo = tempoOf(state);
  const parts = midi.parts
    .map((part) => ({ part, notes: placedNotes(clip, tempo, part.notes) }))
    .filter(({ notes }) => notes.length > 0);
  if (parts.length === 0) return null;
  const file = new Midi();
  file.header.setTempo(bpsAt(tempo, beats(Math.max(0, offsetBeats))) * 60);
  file.header.name = clip.name;
  for (const { part, notes } of parts) {
    const track = file.addTrack();
    track.name = part.name ?? clip.name;
    if (part.channel !== undefined) track.channel = part.channel;
    if (part.program !== undefined) track.instrument.number = part.program;
    else if (part.instrument !== undefined) track.instrument.name = part.instrument;
    for (const note of notes) {
      const startBeats = secondsToBeats(tempo, seconds(note.start)) - offsetBeats;
      const endBeats = secondsToBeats(tempo, seconds(note.end)) - offsetBeats;
      if (endBeats <= 0) continue;
      const ticks = Math.max(0, Math.round(startBeats * PPQ));
      track.addNote({
        midi: note.midi,
        ticks,
        durationTicks: Math.max(1, Math.round(endBeats * PPQ) - ticks),
        velocity: Math.min(1, Math.max(0, note.velocity)),
      });
    }
  }
  return file.toArray();
}

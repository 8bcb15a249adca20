// A song's MIDI file (the server's GET /api/gen/{clip_id}/midi/) as the parts an export lays on
// the timeline: each track with notes, its notes in the file's seconds, which are the song's.

import { Midi } from "@tonejs/midi";
import type { ClipMidi, MidiPart } from "./clip-midi.ts";

/** Throws when the bytes are not a Standard MIDI File. */
export function parseClipMidi(bytes: ArrayBuffer | Uint8Array): ClipMidi {
  const file = new Midi(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  const parts: MidiPart[] = file.tracks
    .filter((track) => track.notes.length > 0)
    .map((track) => ({
      ...(track.name === "" ? {} : { name: track.name }),
      program: track.instrument.number,
      channel: track.channel,
      notes: track.notes.map((note) => ({
        midi: note.midi,
        startSeconds: note.time,
        durationSeconds: note.duration,
        velocity: note.velocity,
      })),
    }));
  return { parts };
}

import { Midi } from "@tonejs/midi";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { demoProject } from "../../src/engine/demo/demo-project.ts";
import { renderProject } from "../../src/engine/project-render.ts";
import { decodeWav, encodeWav } from "../../src/shared/audio/wav.ts";
import { safeTitle, uniqueFileNames } from "../../src/shared/file-names.ts";
import { newClip, newProjectState, newTrack } from "../../src/shared/project/index.ts";
import { DEMO_MIDI } from "../../src/studio/audio/demo-midi.ts";
import { buildExportZip, type ExportServices } from "../../src/studio/export/build-export.ts";
import type { ClipMidi } from "../../src/studio/export/clip-midi.ts";
import { stateForRange } from "../../src/studio/export/export-range.ts";
import { clipMidiFile, placedNotes } from "../../src/studio/export/midi-file.ts";
import { tempoOf } from "../../src/studio/timeline/project-geometry.ts";
import { demoSources } from "../demo-sources.ts";
import { newDsp } from "../dsp-wasm.ts";

const RATE = 48_000;

describe("export file names", () => {
  it("names files by title, Untitled when there is none, with numeric suffixes for duplicates", () => {
    expect(
      uniqueFileNames([
        { title: "Song", extension: "wav" },
        { title: "Song", extension: "mp3" },
        { title: "Bass", extension: "mid" },
        { title: "bass", extension: "mid" },
        { title: "Bass", extension: "mid" },
        { title: "", extension: "mid" },
        { title: "  ", extension: "mid" },
      ]),
    ).toEqual([
      "Song.wav",
      "Song.mp3",
      "Bass.mid",
      "bass (2).mid",
      "Bass (3).mid",
      "Untitled.mid",
      "Untitled (2).mid",
    ]);
  });

  it("keeps names safe for file systems", () => {
    expect(safeTitle('a/b\\c:d*e?f"g<h>i|j')).toBe("a b c d e f g h i j");
    expect(safeTitle("..hidden")).toBe("hidden");
    expect(safeTitle("tab\there")).toBe("tab here");
  });
});

const midi: ClipMidi = {
  notes: [
    { midi: 60, startSeconds: 0, durationSeconds: 0.5, velocity: 0.8 },
    { midi: 64, startSeconds: 1, durationSeconds: 1, velocity: 0.5 },
  ],
};

describe("a clip's MIDI", () => {
  it("lays the notes where the clip plays them, cut at its edges", () => {
    // 2 beats per second; the clip starts at beat 4 and reads its content from beat 1 (0.5 s).
    const state = newProjectState({
      timing: { type: "manual", bps: 2 },
      tracks: [
        newTrack({
          id: "t",
          clips: [newClip({ id: "c", name: "Keys", startBeats: 4, endBeats: 7, readStartBeats: 1 })],
        }),
      ],
    });
    const clip = state.tracks[0].clips[0];
    const notes = placedNotes(clip, tempoOf(state), midi);
    // Content 0..0.5 s falls before the read start; content 1..2 s plays at 2.5..3.5 s, cut at 3.5 s.
    expect(notes).toEqual([{ midi: 64, start: 2.5, end: 3.5, velocity: 0.5 }]);
    const file = new Midi(clipMidiFile(state, clip, midi) ?? new Uint8Array());
    expect(file.header.tempos[0].bpm).toBeCloseTo(120, 6);
    expect(file.tracks[0].name).toBe("Keys");
    expect(
      file.tracks[0].notes.map((note) => [
        note.midi,
        note.ticks / file.header.ppq,
        note.durationTicks / file.header.ppq,
      ]),
    ).toEqual([[64, 5, 2]]);
  });

  it("repeats the notes of a looping clip", () => {
    const state = newProjectState({
      timing: { type: "manual", bps: 2 },
      tracks: [
        newTrack({
          id: "t",
          clips: [
            newClip({
              id: "c",
              startBeats: 0,
              endBeats: 8,
              loop: { enabled: true, startBeats: 0, endBeats: 2 },
            }),
          ],
        }),
      ],
    });
    const notes = placedNotes(state.tracks[0].clips[0], tempoOf(state), midi);
    // A 1 s loop holds the first note only; four repeats in 4 s.
    expect(notes.map((note) => [note.midi, note.start])).toEqual([
      [60, 0],
      [60, 1],
      [60, 2],
      [60, 3],
    ]);
  });

  it("gives no file for a clip with no notes in its range", () => {
    const state = newProjectState({
      tracks: [newTrack({ id: "t", clips: [newClip({ id: "c", startBeats: 0, endBeats: 1 })] })],
    });
    expect(clipMidiFile(state, state.tracks[0].clips[0], { notes: [] })).toBeNull();
  });
});

describe("the export zip", () => {
  const services = (): ExportServices & { rendered: number[] } => {
    const dsp = newDsp();
    const sources = demoSources(RATE);
    const rendered: number[] = [];
    return {
      rendered,
      async renderWav(state, format) {
        const audio = renderProject(dsp, state, sources, RATE);
        rendered.push(audio.left.length);
        return encodeWav({ sampleRate: RATE, channels: [audio.left, audio.right] }, format);
      },
      encodeMp3: async () => new Uint8Array([0xff, 0xfb, 0x90, 0x00]),
      midiOf: (clip) => (clip.clipId?.startsWith("demo-") ? DEMO_MIDI[clip.clipId.slice(5)] : undefined),
    };
  };

  it("holds the mixdown named by the title and a .mid per heard clip with MIDI", async () => {
    const project = demoProject();
    const built = await buildExportZip(
      project,
      { formats: ["wav", "mp3"], range: "project", includeMidi: true },
      services(),
    );
    expect(built.fileName).toBe("Demo.zip");
    expect(built.files.slice(0, 2)).toEqual(["Demo.wav", "Demo.mp3"]);
    // Bass 4, chords 4, lead 4, pad 2: the demo's melodic clips.
    expect(built.files.filter((name) => name.endsWith(".mid"))).toHaveLength(14);
    const zip = await JSZip.loadAsync(built.zip);
    const wav = decodeWav((await zip.file("Demo.wav")?.async("arraybuffer")) ?? new ArrayBuffer(0));
    expect(wav.channels[0].length).toBe(32 * RATE);
    const lead = new Midi(await zip.file("Lead.mid")?.async("uint8array"));
    expect(lead.tracks[0].notes).toHaveLength(16);
    expect(lead.tracks[0].notes[0].ticks / lead.header.ppq).toBe(32);
  });

  it("renders only the loop range for a loop mixdown, from its start", async () => {
    const project = demoProject();
    const range = stateForRange(project, "loop");
    expect(range.tracks[0].clips.map((clip) => [clip.startBeats, clip.endBeats])).toEqual([
      [0, 16],
      [16, 32],
    ]);
    const built = await buildExportZip(
      project,
      { formats: ["wav32"], range: "loop", includeMidi: false },
      services(),
    );
    const zip = await JSZip.loadAsync(built.zip);
    const wav = decodeWav((await zip.file("Demo.wav")?.async("arraybuffer")) ?? new ArrayBuffer(0));
    expect(wav.channels[0].length).toBe(16 * RATE);
    expect(built.files).toEqual(["Demo.wav"]);
  });

  it("leaves out clips nobody hears: muted clips, muted tracks, tracks silenced by a solo", async () => {
    const project = demoProject();
    const soloed = {
      ...project,
      tracks: project.tracks.map((track) => ({ ...track, solo: track.name === "Lead" })),
    };
    const built = await buildExportZip(
      soloed,
      { formats: ["wav"], range: "project", includeMidi: true },
      services(),
    );
    expect(built.files.filter((name) => name.endsWith(".mid"))).toEqual([
      "Lead.mid",
      "Lead (2).mid",
      "Lead (3).mid",
      "Lead (4).mid",
    ]);
  });
});

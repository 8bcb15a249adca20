import { Midi } from "@tonejs/midi";
import JSZip from "jszip";
import { afterEach, describe, expect, it, vi } from "vitest";
import { demoProject } from "../../src/engine/demo/demo-project.ts";
import { clipSourceId } from "../../src/engine/index.ts";
import { renderProject } from "../../src/engine/project-render.ts";
import { decodeWav, encodeWav } from "../../src/shared/audio/wav.ts";
import { safeTitle, uniqueFileNames } from "../../src/shared/file-names.ts";
import { newClip, newProjectState, newTrack } from "../../src/shared/project/index.ts";
import { ClipSourceLoader, fetchClipMidi } from "../../src/studio/audio/clip-source-loader.ts";
import { DEMO_MIDI } from "../../src/studio/audio/demo-midi.ts";
import { SourceLibrary } from "../../src/studio/audio/source-library.ts";
import {
  AUDIO_FORMATS,
  buildExportZip,
  DEFAULT_EXPORT_FORMATS,
  type ExportServices,
  orderedFormats,
} from "../../src/studio/export/build-export.ts";
import { stateForRange } from "../../src/studio/export/export-range.ts";
import { clipMidiFile, placedNotes } from "../../src/studio/export/midi-file.ts";
import type { ClipMidi, MidiNote } from "../../src/studio/midi/clip-midi.ts";
import { parseClipMidi } from "../../src/studio/midi/parse-midi.ts";
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

const sourceNotes: MidiNote[] = [
  { midi: 60, startSeconds: 0, durationSeconds: 0.5, velocity: 0.8 },
  { midi: 64, startSeconds: 1, durationSeconds: 1, velocity: 0.5 },
];
const midi: ClipMidi = { parts: [{ notes: sourceNotes }] };

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
    const notes = placedNotes(clip, tempoOf(state), sourceNotes);
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
    const notes = placedNotes(state.tracks[0].clips[0], tempoOf(state), sourceNotes);
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
    expect(clipMidiFile(state, state.tracks[0].clips[0], { parts: [{ notes: [] }] })).toBeNull();
  });
});

describe("export formats", () => {
  it("offers MP3 and WAV, MP3 chosen by default", () => {
    expect(AUDIO_FORMATS.map((format) => format.extension)).toEqual(["mp3", "wav", "wav"]);
    expect(DEFAULT_EXPORT_FORMATS).toEqual(["mp3"]);
  });

  it("lists the chosen formats in a fixed order, each once", () => {
    expect(orderedFormats(["wav32", "wav", "mp3", "wav"])).toEqual(["mp3", "wav", "wav32"]);
    expect(orderedFormats(new Set(["wav" as const]))).toEqual(["wav"]);
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

/** A song's MIDI as the generator writes it: a part per instrument, drums on channel 10, lyrics. */
function songMidi(): Uint8Array {
  const file = new Midi();
  file.header.setTempo(120);
  const bass = file.addTrack();
  bass.name = "Bass";
  bass.channel = 0;
  bass.instrument.number = 38;
  bass.addNote({ midi: 36, ticks: 0, durationTicks: 480, velocity: 0.9 });
  bass.addNote({ midi: 43, ticks: 960, durationTicks: 480, velocity: 0.9 });
  const drums = file.addTrack();
  drums.name = "Drums";
  drums.channel = 9;
  drums.addNote({ midi: 36, ticks: 480, durationTicks: 120, velocity: 1 });
  file.addTrack().name = "Empty";
  file.header.meta.push({ type: "lyrics", text: "la ", ticks: 0 });
  return file.toArray();
}

describe("a generated song's MIDI", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("parses into its parts, timed in the song's seconds, tracks without notes left out", () => {
    const parsed = parseClipMidi(songMidi());
    expect(parsed.parts.map((part) => [part.name, part.program, part.channel])).toEqual([
      ["Bass", 38, 0],
      ["Drums", 0, 9],
    ]);
    // 120 bpm: a beat is half a second.
    expect(parsed.parts[0].notes).toEqual([
      { midi: 36, startSeconds: 0, durationSeconds: 0.5, velocity: expect.closeTo(0.9, 2) },
      { midi: 43, startSeconds: 1, durationSeconds: 0.5, velocity: expect.closeTo(0.9, 2) },
    ]);
    expect(parsed.parts[1].notes.map((note) => note.startSeconds)).toEqual([0.5]);
    expect(() => parseClipMidi(new TextEncoder().encode("not a midi file"))).toThrow();
  });

  it("is fetched from the server's MIDI route; a song without MIDI answers null", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(url);
      return url.includes("with-midi")
        ? new Response(songMidi() as Uint8Array<ArrayBuffer>, { status: 200 })
        : new Response(JSON.stringify({ detail: "This song has no MIDI" }), { status: 404 });
    });
    expect((await fetchClipMidi("with-midi"))?.byteLength).toBe(songMidi().byteLength);
    expect(await fetchClipMidi("upload 1")).toBeNull();
    expect(asked).toEqual(["/api/gen/with-midi/midi/", "/api/gen/upload%201/midi/"]);
    vi.stubGlobal("fetch", async () => new Response("", { status: 500 }));
    await expect(fetchClipMidi("x")).rejects.toThrow("HTTP 500");
  });

  const song = (clipId: string, startBeats: number) =>
    newProjectState({
      title: "Song",
      timing: { type: "manual", bps: 2 },
      tracks: [
        newTrack({
          id: "t",
          clips: [
            newClip({ id: `c-${clipId}`, clipId, name: "My song", startBeats, endBeats: startBeats + 8 }),
          ],
        }),
      ],
    });

  const loaderFor = (midiOf: (clipId: string) => Promise<ArrayBuffer | null>) => {
    const sources = new SourceLibrary(null, () => undefined);
    const audio = {
      sources,
      decode: async () => ({ sampleRate: RATE, channels: [new Float32Array(RATE * 4)] }),
    };
    const loader = new ClipSourceLoader(audio, async () => new ArrayBuffer(8), midiOf);
    return { sources, loader };
  };

  it("is loaded with the song's audio and exported as a .mid per clip, a track per part", async () => {
    const { sources, loader } = loaderFor(async () => songMidi().buffer as ArrayBuffer);
    await loader.load("song-1");
    expect(sources.has("song-1")).toBe(true);
    expect(sources.midiOf("song-1")?.parts).toHaveLength(2);
    const state = song("song-1", 8);
    const built = await buildExportZip(
      state,
      { formats: ["wav"], range: "project", includeMidi: true },
      {
        renderWav: async () => encodeWav({ sampleRate: RATE, channels: [new Float32Array(4)] }, "pcm16"),
        encodeMp3: async () => new Uint8Array(),
        midiOf: (clip) => {
          const source = clipSourceId(clip);
          return source === null ? undefined : sources.midiOf(source);
        },
      },
    );
    expect(built.files).toEqual(["Song.wav", "My song.mid"]);
    const zip = await JSZip.loadAsync(built.zip);
    const file = new Midi(await zip.file("My song.mid")?.async("uint8array"));
    expect(file.tracks.map((track) => [track.name, track.channel, track.instrument.number])).toEqual([
      ["Bass", 0, 38],
      ["Drums", 9, 0],
    ]);
    expect(file.tracks[1].instrument.percussion).toBe(true);
    // The clip starts at beat 8: the song's notes at 0 and 2 beats land on beats 8 and 10.
    expect(file.tracks[0].notes.map((note) => note.ticks / file.header.ppq)).toEqual([8, 10]);
    expect(file.tracks[1].notes.map((note) => note.ticks / file.header.ppq)).toEqual([9]);
  });

  it("is optional: a song without MIDI, or whose MIDI fails to load or parse, still plays", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const none = loaderFor(async () => null);
    await none.loader.load("upload-clip");
    expect(none.sources.has("upload-clip")).toBe(true);
    expect(none.sources.midiOf("upload-clip")).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();

    const failing = loaderFor(async () => {
      throw new Error("clip MIDI: HTTP 500");
    });
    await failing.loader.load("song-2");
    expect(failing.sources.has("song-2")).toBe(true);
    expect(failing.sources.midiOf("song-2")).toBeUndefined();

    const garbled = loaderFor(async () => new TextEncoder().encode("garbage").buffer as ArrayBuffer);
    await garbled.loader.load("song-3");
    expect(garbled.sources.has("song-3")).toBe(true);
    expect(garbled.sources.midiOf("song-3")).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("is asked for once per song the project plays", async () => {
    const asked: string[] = [];
    const { loader, sources } = loaderFor(async (clipId) => {
      asked.push(clipId);
      return null;
    });
    const state = song("song-4", 0);
    loader.loadFor(state);
    loader.loadFor(state);
    await vi.waitFor(() => expect(sources.has("song-4")).toBe(true));
    expect(asked).toEqual(["song-4"]);
  });
});

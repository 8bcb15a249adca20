// The export zip: the mixdown as audio files named by the project's
// title, and a .mid file for each clip heard that has MIDI. Rendering and encoding are passed in,
// so the page runs them in Workers and the tests in Node.

import JSZip from "jszip";
import type { WavFormat } from "../../shared/audio/wav.ts";
import { type NamedFile, safeTitle, uniqueFileNames } from "../../shared/file-names.ts";
import type { StudioClip, StudioProjectState, Track } from "../../shared/project/index.ts";
import type { ClipMidi } from "../midi/clip-midi.ts";
import { type ExportRange, stateForRange } from "./export-range.ts";
import { clipMidiFile } from "./midi-file.ts";

export type AudioFormat = "wav" | "wav32" | "mp3";

/** The formats offered, in the order the zip lists them. */
export const AUDIO_FORMATS: readonly {
  readonly id: AudioFormat;
  readonly label: string;
  readonly extension: string;
}[] = [
  { id: "mp3", label: "MP3 (VBR)", extension: "mp3" },
  { id: "wav", label: "WAV (16-bit)", extension: "wav" },
  { id: "wav32", label: "WAV (32-bit float)", extension: "wav" },
];

/** The default audio type for an export: MP3. */
export const DEFAULT_EXPORT_FORMATS: readonly AudioFormat[] = ["mp3"];

/** The chosen formats in the order of AUDIO_FORMATS, each once. */
export const orderedFormats = (chosen: Iterable<AudioFormat>): AudioFormat[] => {
  const set = new Set(chosen);
  return AUDIO_FORMATS.map((format) => format.id).filter((id) => set.has(id));
};

export interface ExportOptions {
  readonly formats: readonly AudioFormat[];
  readonly range: ExportRange;
  readonly includeMidi: boolean;
}

export interface ExportServices {
  renderWav(state: StudioProjectState, format: WavFormat): Promise<ArrayBuffer>;
  /** Encodes a rendered 32-bit float WAV as MP3. */
  encodeMp3(floatWav: ArrayBuffer): Promise<Uint8Array>;
  /** The MIDI that goes with a clip's source, if it has any. */
  midiOf(clip: StudioClip): ClipMidi | undefined;
  onProgress?(step: string): void;
}

export interface BuiltExport {
  readonly fileName: string;
  readonly files: readonly string[];
  readonly zip: Uint8Array;
}

/** The clips the mixdown plays: what is muted or silenced by another track's solo is not heard. */
export function heardClips(state: StudioProjectState): { track: Track; clip: StudioClip }[] {
  const soloing = state.tracks.some((track) => track.solo);
  return state.tracks.flatMap((track) => {
    if (track.mute || (soloing && !track.solo)) return [];
    const lane =
      track.soloTakeLaneId === null ? null : track.takeLanes.find((take) => take.id === track.soloTakeLaneId);
    const clips = lane?.clips ?? track.clips;
    return clips.filter((clip) => !clip.mute).map((clip) => ({ track, clip }));
  });
}

export async function buildExportZip(
  project: StudioProjectState,
  options: ExportOptions,
  services: ExportServices,
): Promise<BuiltExport> {
  const state = stateForRange(project, options.range);
  const title = safeTitle(project.title);
  const entries: { named: NamedFile; data: Uint8Array | ArrayBuffer }[] = [];
  const formats = [...new Set(options.formats)];
  let floatWav: ArrayBuffer | null = null;
  const float = async () => {
    if (floatWav === null) {
      services.onProgress?.("Rendering the mixdown");
      floatWav = await services.renderWav(state, "float32");
    }
    return floatWav;
  };
  for (const format of formats) {
    if (format === "wav32") {
      entries.push({ named: { title, extension: "wav" }, data: await float() });
    } else if (format === "wav") {
      services.onProgress?.("Rendering the mixdown");
      entries.push({ named: { title, extension: "wav" }, data: await services.renderWav(state, "pcm16") });
    } else {
      const wav = await float();
      services.onProgress?.("Encoding MP3");
      // The encoder may take the buffer over: it gets a copy, the WAV entry keeps its own.
      entries.push({ named: { title, extension: "mp3" }, data: await services.encodeMp3(wav.slice(0)) });
    }
  }
  if (options.includeMidi) {
    for (const { clip } of heardClips(state)) {
      const midi = services.midiOf(clip);
      if (midi === undefined) continue;
      const file = clipMidiFile(state, clip, midi);
      if (file !== null) entries.push({ named: { title: clip.name, extension: "mid" }, data: file });
    }
  }
  services.onProgress?.("Packing the zip");
  const names = uniqueFileNames(entries.map((entry) => entry.named));
  const zip = new JSZip();
  for (const [index, entry] of entries.entries()) zip.file(names[index], entry.data);
  const bytes = await zip.generateAsync({
    type: "uint8array",
    compression: "DEFLATE",
    compressionOptions: { level: 6 },
  });
  return { fileName: `${title}.zip`, files: names, zip: bytes };
}

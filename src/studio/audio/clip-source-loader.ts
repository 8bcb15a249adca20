// Loads the audio of song clips a project names (generated songs, finished uploads) from the
// server's clip media, once each, with the song's MIDI when it has any (generated songs do), for
// the export's .mid files. Failures are logged only: the clip stays silent and
// drawn as missing; a song without MIDI plays all the same.

import { clipSourceId, DEMO_SOURCE_PREFIX } from "../../engine/index.ts";
import type { StudioProjectState } from "../../shared/project/index.ts";
import type { ClipMidi } from "../midi/clip-midi.ts";
import { parseClipMidi } from "../midi/parse-midi.ts";
import { LOCAL_UPLOAD_PREFIX, type StudioAudio } from "./studio-audio.ts";

/** A song's MIDI file, or null when it has none. */
export type MidiFetcher = (clipId: string) => Promise<ArrayBuffer | null>;

export class ClipSourceLoader {
  private readonly requested = new Set<string>();

  constructor(
    private readonly audio: Pick<StudioAudio, "decode" | "sources">,
    private readonly fetchAudio: (clipId: string) => Promise<ArrayBuffer> = fetchClipAudio,
    private readonly fetchMidi: MidiFetcher = fetchClipMidi,
    /** Loads a song that is still streaming while it grows; without it, once it has finished. */
    private readonly loadStreaming: ((clipId: string) => Promise<void>) | null = null,
  ) {}

  /** Starts loading every song clip this state plays that is not loaded or on its way. */
  loadFor(state: StudioProjectState): void {
    for (const track of state.tracks) {
      for (const clip of [...track.clips, ...track.takeLanes.flatMap((lane) => lane.clips)]) {
        // A file dropped in an earlier visit that never became a song clip: its audio is gone.
        const source = clipSourceId(clip);
        if (
          source?.startsWith(LOCAL_UPLOAD_PREFIX) &&
          !this.audio.sources.has(source) &&
          !this.requested.has(source)
        ) {
          this.requested.add(source);
          this.audio.sources.markMissing(source);
          continue;
        }
        const id = clip.clipId;
        // A generated song not streaming yet has no audio: it loads once it is resolved.
        if (!clip.resolved) continue;
        if (id === null || id.startsWith(DEMO_SOURCE_PREFIX) || clipSourceId(clip) !== id) continue;
        if (this.audio.sources.has(id) || this.requested.has(id)) continue;
        this.requested.add(id);
        void (clip.streaming && this.loadStreaming !== null ? this.loadStreaming(id) : this.load(id));
      }
    }
  }

  /** Settles once the clip's audio (and MIDI) are in the library, or known missing. */
  async load(clipId: string): Promise<void> {
    const midi = this.loadMidi(clipId);
    try {
      const decoded = await this.audio.decode(await this.fetchAudio(clipId));
      this.audio.sources.add(clipId, decoded, await midi);
    } catch (error) {
      console.warn(`Could not load the audio of clip ${clipId}`, error);
      this.audio.sources.markMissing(clipId);
    }
  }

  private async loadMidi(clipId: string): Promise<ClipMidi | undefined> {
    try {
      const bytes = await this.fetchMidi(clipId);
      if (bytes === null) return undefined;
      const midi = parseClipMidi(bytes);
      return midi.parts.length > 0 ? midi : undefined;
    } catch (error) {
      console.warn(`Could not load the MIDI of clip ${clipId}`, error);
      return undefined;
    }
  }
}

async function fetchClipAudio(clipId: string): Promise<ArrayBuffer> {
  const response = await fetch(`/api/media/clips/${encodeURIComponent(clipId)}/audio`);
  if (!response.ok) throw new Error(`clip audio: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** The server answers 404 for a song without MIDI (uploads, external generators). */
export async function fetchClipMidi(clipId: string): Promise<ArrayBuffer | null> {
  const response = await fetch(`/api/gen/${encodeURIComponent(clipId)}/midi/`, {
    credentials: "same-origin",
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`clip MIDI: HTTP ${response.status}`);
  return response.arrayBuffer();
}

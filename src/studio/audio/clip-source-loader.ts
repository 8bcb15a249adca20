// Loads the audio of song clips a project names (generated songs, finished uploads) from the
// server's clip media, once each. Failures are logged only (spec section 8): the clip stays silent
// and drawn as still loading.

import { clipSourceId, DEMO_SOURCE_PREFIX } from "../../engine/index.ts";
import type { StudioProjectState } from "../../shared/project/index.ts";
import { LOCAL_UPLOAD_PREFIX, type StudioAudio } from "./studio-audio.ts";

export class ClipSourceLoader {
  private readonly requested = new Set<string>();

  constructor(
    private readonly audio: StudioAudio,
    private readonly fetchAudio: (clipId: string) => Promise<ArrayBuffer> = fetchClipAudio,
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
        if (id === null || id.startsWith(DEMO_SOURCE_PREFIX) || clipSourceId(clip) !== id) continue;
        if (this.audio.sources.has(id) || this.requested.has(id)) continue;
        this.requested.add(id);
        void this.load(id);
      }
    }
  }

  private async load(clipId: string): Promise<void> {
    try {
      const decoded = await this.audio.decode(await this.fetchAudio(clipId));
      this.audio.sources.add(clipId, decoded);
    } catch (error) {
      console.warn(`Could not load the audio of clip ${clipId}`, error);
      this.audio.sources.markMissing(clipId);
    }
  }
}

async function fetchClipAudio(clipId: string): Promise<ArrayBuffer> {
  const response = await fetch(`/api/media/clips/${encodeURIComponent(clipId)}/audio`);
  if (!response.ok) throw new Error(`clip audio: HTTP ${response.status}`);
  return response.arrayBuffer();
}

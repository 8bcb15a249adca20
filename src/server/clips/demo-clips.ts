import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import {
  DEMO_BPS,
  type DemoSourceId,
  demoProject,
  demoSourceId,
  renderProject,
  type SourceAudio,
  synthesizeDemoMaterial,
} from "../../engine/node-render.ts";
import { encodeWav } from "../../shared/audio/wav.ts";
import type { StudioProjectState } from "../../shared/project/index.ts";
import type { Database } from "../db/schema.ts";
import type { Storage } from "../storage/storage.ts";
import { createClip } from "./clip-store.ts";
import { clipMediaKey } from "./media-urls.ts";
import { newServerDsp } from "./server-dsp.ts";

const SAMPLE_RATE = 44_100;

export interface DemoSong {
  readonly title: string;
  readonly tags: string;
  readonly caption: string;
  readonly isPublic: boolean;
  /** Tracks of the demo project left out of this mix. */
  readonly muted: readonly string[];
  /** Where the song ends, in beats of the demo project (2 a second). */
  readonly endBeats: number;
}

/** Short mixes of the engine's demo project: a few seconds to render on first start. */
export const DEMO_SONGS: Record<"free" | "pro", readonly DemoSong[]> = {
  free: [
    {
      title: "Night Drive",
      tags: "synthwave, electronic, driving bass",
      caption: "The whole band, eight tracks of the studio's demo project.",
      isPublic: true,
      muted: [],
      endBeats: 56,
    },
    {
      title: "Drum Sketch",
      tags: "house, drums, minimal",
      caption: "",
      isPublic: false,
      muted: ["Chords", "Lead", "Pad"],
      endBeats: 48,
    },
  ],
  pro: [
    {
      title: "Slow Bloom",
      tags: "ambient, pads, chords",
      caption: "No drums, just the keys and the pad.",
      isPublic: true,
      muted: ["Kick", "Snare", "Hats"],
      endBeats: 48,
    },
  ],
};

/** The demo project muted and cut as the song asks, fading out over its last bar. */
function demoMix(song: DemoSong): StudioProjectState {
  const project = demoProject();
  return {
    ...project,
    songFadeOutBeats: 4,
    tracks: project.tracks.map((track) => ({
      ...track,
      mute: track.mute || song.muted.includes(track.name),
      clips: track.clips
        .filter((clip) => clip.startBeats < song.endBeats)
        .map((clip) => ({ ...clip, endBeats: Math.min(clip.endBeats, song.endBeats) })),
    })),
  };
}

let material: Map<string, SourceAudio> | undefined;

function demoSources(): Map<string, SourceAudio> {
  material ??= new Map(
    Object.entries(synthesizeDemoMaterial(SAMPLE_RATE)).map(([id, channels]) => [
      demoSourceId(id as DemoSourceId),
      { sampleRate: SAMPLE_RATE, channels },
    ]),
  );
  return material;
}

/** Renders a demo song with the engine, stores it as 16-bit WAV and adds it to the user's library. */
export async function createDemoClip(db: Kysely<Database>, storage: Storage, userId: string, song: DemoSong) {
  const { left, right } = renderProject(newServerDsp(), demoMix(song), demoSources(), SAMPLE_RATE);
  const wav = Buffer.from(encodeWav({ sampleRate: SAMPLE_RATE, channels: [left, right] }, "pcm16"));
  const id = randomUUID();
  const audioKey = clipMediaKey(id, "audio", "wav");
  await storage.put(audioKey, Readable.from([wav]), { contentType: "audio/wav" });
  return createClip(db, {
    id,
    userId,
    title: song.title,
    caption: song.caption,
    status: "complete",
    audioKey,
    isPublic: song.isPublic,
    modelName: "tunesmith-demo",
    majorModelVersion: "demo",
    metadata: {
      type: "gen",
      prompt: "[Instrumental]",
      tags: song.tags,
      negative_tags: "",
      duration: left.length / SAMPLE_RATE,
      has_vocal: false,
      avg_bpm: DEMO_BPS * 60,
    },
  });
}

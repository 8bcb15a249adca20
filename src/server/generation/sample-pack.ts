// A song's sample pack: a zip of its stems whole, loops cut on bars at the song's tempo and
// one-shots, each named with the tempo and key (the cuts: src/shared/clip-actions/sample-pack-plan.ts).
// Built once and kept beside the clip's media; asking again serves the kept zip.

import JSZip from "jszip";
import type { Kysely } from "kysely";
import { analyseSource } from "../../generator/analysis/analyse-source.ts";
import { decodeWav, encodeWav, type PlanarAudio } from "../../shared/audio/wav.ts";
import { beatsResultSchema } from "../../shared/beats/beats-result.ts";
import {
  type Cut,
  keyName,
  loopCuts,
  oneShotCuts,
  samplePackFileName,
} from "../../shared/clip-actions/sample-pack-plan.ts";
import { decodeAudio, readStored } from "../clips/clip-audio.ts";
import { newServerDsp } from "../clips/server-dsp.ts";
import type { Database } from "../db/schema.ts";
import { conflict } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import { storedScore } from "./reference-audio.ts";
import type { StoredStem } from "./song-outputs.ts";

export const samplePackKey = (clipId: string) => `clips/${clipId}/sample-pack.zip`;

/** A few milliseconds of fade at a cut's end, so a loop or a hit does not click where it was cut. */
const FADE_SECONDS = 0.005;

function cutOf(audio: PlanarAudio, cut: Cut): Uint8Array {
  const fade = Math.min(cut.frames, Math.round(FADE_SECONDS * audio.sampleRate));
  const channels = audio.channels.map((channel) => {
    const out = channel.slice(cut.start, cut.start + cut.frames);
    for (let i = 0; i < fade; i++) out[out.length - 1 - i] *= i / fade;
    return out;
  });
  return new Uint8Array(encodeWav({ sampleRate: audio.sampleRate, channels }, "pcm16"));
}

export const NO_STEADY_TEMPO = "This song has no steady tempo to cut loops on";

/** The tempo, key and first bar line the pack is cut and named by. */
export interface PackMusic {
  readonly bpm: number;
  /** "A minor"; null when the song has no clear key. */
  readonly key: string | null;
  /** Seconds. */
  readonly firstDownbeat: number;
}

/** The clip's finished beat analysis (for a generated song, the generator's own downbeats), if any. */
export async function storedBeats(db: Kysely<Database>, clipId: string) {
  const row = await db
    .selectFrom("clip_downbeats")
    .select("result")
    .where("clip_id", "=", clipId)
    .where("state", "=", "complete")
    .executeTakeFirst();
  const beats = beatsResultSchema.safeParse(row?.result ?? null);
  return beats.success ? beats.data : null;
}

/**
 * The generator's score when it kept one (its exact tempo and key, bars from 0); otherwise the
 * clip's beat analysis (the generator's own downbeats) for the tempo, and the key heard in the mix.
 */
export async function packMusic(
  db: Kysely<Database>,
  storage: Storage,
  clip: { readonly id: string; readonly audioKey: string },
  storedScoreValue: unknown,
): Promise<PackMusic> {
  const score = storedScore(storedScoreValue);
  if (score) return { bpm: score.bpm, key: keyName(score.key), firstDownbeat: 0 };
  const beats = await storedBeats(db, clip.id);
  const heard = analyseSource(newServerDsp(), await decodeAudio(await readStored(storage, clip.audioKey)));
  const bpm = beats?.bpm ?? heard.bpm;
  if (bpm === null) throw conflict(NO_STEADY_TEMPO);
  const downbeats = beats?.downbeats ?? heard.downbeats;
  return {
    bpm,
    key: heard.key ? keyName(heard.key) : null,
    firstDownbeat: downbeats.find(([, n]) => n === 1)?.[0] ?? 0,
  };
}

export async function buildSamplePack(
  storage: Storage,
  song: { readonly title: string },
  stems: readonly StoredStem[],
  music: PackMusic,
): Promise<Uint8Array> {
  const zip = new JSZip();
  const name = (part: string) => samplePackFileName(song.title, part, music.bpm, music.key);
  for (const stem of stems) {
    const bytes = await readStored(storage, stem.key);
    const audio = decodeWav(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    zip.file(`Stems/${name(stem.name)}`, encodeWav(audio, "pcm16"));
    loopCuts(audio.channels, audio.sampleRate, music.bpm, music.firstDownbeat).forEach((cut, i) => {
      zip.file(`Loops/${name(`${stem.name} loop ${i + 1}`)}`, cutOf(audio, cut));
    });
    oneShotCuts(audio.channels, audio.sampleRate, music.bpm, music.firstDownbeat).forEach((cut, i) => {
      zip.file(`One-shots/${name(`${stem.name} one-shot ${i + 1}`)}`, cutOf(audio, cut));
    });
  }
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
}

// Describe Clip: what our own analysis says of a song. The generator's score gives the exact tempo,
// key, sections and instruments when it kept one; otherwise the clip's beat analysis gives the
// tempo, and the audio is listened to for the key. The stems say which parts are audible and how loud; BS.1770 loudness is measured on the mix.

import type { Kysely } from "kysely";
import { analyseSource } from "../../generator/analysis/analyse-source.ts";
import { measureLoudness } from "../../generator/render/loudness.ts";
import type { Score } from "../../generator/score.ts";
import type { ClipDescription } from "../../shared/api/clip-actions.ts";
import type { PlanarAudio } from "../../shared/audio/wav.ts";
import { keyName } from "../../shared/clip-actions/sample-pack-plan.ts";
import { decodeAudio, readStored } from "../clips/clip-audio.ts";
import { newServerDsp } from "../clips/server-dsp.ts";
import type { Database } from "../db/schema.ts";
import type { Storage } from "../storage/storage.ts";
import { storedScore } from "./reference-audio.ts";
import { storedBeats } from "./sample-pack.ts";
import { storedStemsSchema } from "./song-outputs.ts";
import type { UsableClip } from "./usable-clips.ts";

/** A stem quieter than this (dBFS RMS) is not playing. */
const AUDIBLE_DB = -60;

const finiteOrNull = (value: number) => (Number.isFinite(value) ? Math.round(value * 10) / 10 : null);

function rmsDb(audio: PlanarAudio): number {
  let sum = 0;
  let count = 0;
  for (const channel of audio.channels) {
    for (const sample of channel) sum += sample * sample;
    count += channel.length;
  }
  return count === 0 || sum === 0 ? -Infinity : 10 * Math.log10(sum / count);
}

function instrumentNames(score: Score | null, stem: string): string[] {
  if (!score) return [];
  if (stem === "drums") return ["Drums"];
  if (stem === "vocals") return score.vocals ? ["Vocals"] : [];
  return score.parts.filter((part) => part.stem === stem).map((part) => part.name);
}

export async function describeClip(
  db: Kysely<Database>,
  storage: Storage,
  clip: UsableClip,
): Promise<ClipDescription> {
  const row = await db
    .selectFrom("generated_clips")
    .select(["score", "stems"])
    .where("clip_id", "=", clip.id)
    .executeTakeFirst();
  const score = storedScore(row?.score);
  const dsp = newServerDsp();
  const mix = await decodeAudio(await readStored(storage, clip.audioKey));
  const loudness = measureLoudness(dsp, mix);
  const heard = score ? null : analyseSource(dsp, mix);
  const beats = score ? null : await storedBeats(db, clip.id);
  const secondsPerBeat = score ? 60 / score.bpm : 0;
  const stems = storedStemsSchema.safeParse(row?.stems ?? null);
  const instruments: ClipDescription["instruments"] = [];
  for (const stem of stems.success ? stems.data : []) {
    const level = rmsDb(await decodeAudio(await readStored(storage, stem.key)));
    if (level < AUDIBLE_DB) continue;
    instruments.push({
      stem: stem.name,
      level_db: Math.round(level * 10) / 10,
      names: instrumentNames(score, stem.name),
    });
  }
  const key = score?.key ?? heard?.key ?? null;
  return {
    clip_id: clip.id,
    title: clip.title,
    prompt: clip.metadata.prompt ?? clip.metadata.gpt_description_prompt ?? "",
    styles: clip.metadata.tags ?? "",
    duration_s: clip.duration ?? mix.channels[0].length / mix.sampleRate,
    tempo_bpm: score ? score.bpm : (beats?.bpm ?? heard?.bpm ?? null),
    key: key ? keyName(key) : null,
    source: score ? "score" : "analysis",
    sections: (score?.sections ?? []).map((section) => ({
      kind: section.kind,
      start_s: section.start * secondsPerBeat,
      end_s: section.end * secondsPerBeat,
    })),
    instruments,
    loudness: {
      integrated_lufs: finiteOrNull(loudness.integratedLufs),
      true_peak_db: finiteOrNull(loudness.truePeakDb),
    },
  };
}

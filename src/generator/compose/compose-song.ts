// The composer's entry point: a SongRequest -> the Score of the song, pure and deterministic.
// Create (and the style-drawing tasks) compose afresh; the tasks on a source build on its score:
// cover keeps the melody, lyrics and form in a new style, extend continues it, infill rewrites
// the bars inside the range, persona takes its voice and style.

import type { Score } from "../score.ts";
import type { SongRequest } from "../song-request.ts";
import { coverScore, overpaintScore } from "./cover-score.ts";
import { extendScore } from "./extend-score.ts";
import { checkedKey, composeFresh, PERSONA_MAX_SECONDS, styleOf } from "./fresh-song.ts";
import { infillScore } from "./infill-score.ts";
import type { SongKey } from "./key.ts";
import { Random } from "./random.ts";
import type { Style } from "./style.ts";

const PERSONA_TASKS = new Set(["artist_consistency", "vox", "vox_playlist_condition"]);
/** Tasks whose source is a persona's root clip. */
export const isPersonaTask = (task: string) => PERSONA_TASKS.has(task);
const COVER_TASKS = new Set([
  "cover",
  "artist_cover",
  "vox_cover",
  "cover_stem_condition",
  "underpainting",
  "overpainting",
]);
const EXTEND_TASKS = new Set(["extend", "upload_extend", "artist_extend"]);
const INFILL_TASKS = new Set([
  "infill",
  "fixed_infill",
  "infill_intro",
  "infill_outro",
  "cover_infill",
  "artist_infill",
  "stem_condition_infill",
]);
/** Tasks that change the audio, not the music: the source's score stands. */
const KEEP_TASKS = new Set(["gen_stem", "stem_condition", "upsample", "speed", "concat"]);

function fresh(request: SongRequest, random: Random, style: Style, maxSeconds = 480): Score {
  return composeFresh(request, random, {
    style,
    lyrics: request.lyrics,
    instrumental: request.instrumental,
    seconds: request.durationSeconds,
    maxSeconds,
    startBeat: 0,
    intro: true,
  });
}

/** The style an unscored source's analysis sets: its tempo (steadyBpm's, already to 0.01) and its key if writable. */
function analysedStyle(analysis: SongRequest["analysis"]): { bpm?: number; key?: SongKey } {
  const key = checkedKey(analysis?.key);
  return { ...(analysis ? { bpm: analysis.bpm } : {}), ...(key ? { key } : {}) };
}

/** Seconds of a source's audio. */
function audioSeconds(request: SongRequest): number | null {
  const audio = request.source?.audio;
  if (!audio || audio.channels.length === 0) return null;
  return audio.channels[0].length / audio.sampleRate;
}

export function composeSong(request: SongRequest): Score {
  const random = new Random(request.seed);
  const source = request.source;
  const score = source?.score ?? null;
  const task = request.task;

  if (KEEP_TASKS.has(task) && score) return score;

  if (score && task === "overpainting") return overpaintScore(request, score, random);
  if (score && COVER_TASKS.has(task)) return coverScore(request, score, random, task === "underpainting");
  if (EXTEND_TASKS.has(task) && source) return extendScore(request, source, random);
  if (score && INFILL_TASKS.has(task) && request.infill) return infillScore(request, score, random);

  if (source && !score && (COVER_TASKS.has(task) || INFILL_TASKS.has(task))) {
    // An uploaded source: a song at its analysed tempo and key, as long as it (the orchestrator
    // lines its bars up with the upload's first downbeat).
    const style = styleOf(request, random, {
      tags: request.tags || source?.tags || "",
      ...analysedStyle(request.analysis),
    });
    return composeFresh(request, random, {
      style,
      lyrics: request.lyrics || source?.lyrics || "",
      instrumental: request.instrumental,
      seconds: request.durationSeconds ?? audioSeconds(request),
      maxSeconds: 480,
      startBeat: 0,
      intro: true,
    });
  }

  const inspirationTags = request.inspirations.map((clip) => clip.tags).filter(Boolean);
  const tags = [request.tags, ...inspirationTags].filter(Boolean).join(", ");
  const fallbackGenre = request.inspirations.find((clip) => clip.score)?.score?.genre;

  if (isPersonaTask(task) && source) {
    // An uploaded root has no score: its analysed tempo and key (of the artist range) stand in.
    const style = styleOf(request, random, {
      tags: tags || source.tags,
      ...(score
        ? { fallbackGenre: score.genre, bpm: score.bpm, from: score }
        : analysedStyle(request.analysis)),
      ...(score?.vocals ? { gender: score.vocals.gender } : {}),
    });
    const song = fresh(request, random, style, PERSONA_MAX_SECONDS);
    return score?.vocals && song.vocals
      ? { ...song, vocals: { ...song.vocals, voice: score.vocals.voice } }
      : song;
  }

  const style = styleOf(request, random, { tags, ...(fallbackGenre ? { fallbackGenre } : {}) });
  return fresh(request, random, style);
}

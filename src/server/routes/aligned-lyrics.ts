import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { clipIdParamsSchema } from "../../shared/api/clips.ts";
import {
  ALIGNED_WORDS_END_MAX_S,
  type AlignedLyricsResponse,
  type AlignedLyricsV3Response,
  alignedLyricsV3BodySchema,
  NO_ALIGNED_WORDS,
  UNKNOWN_ALIGNMENT_ERROR,
} from "../../shared/api/generate.ts";
import { findVisibleClip } from "../clips/clip-repository.ts";
import type { Database } from "../db/schema.ts";
import { storedAlignedWordsSchema } from "../generation/song-outputs.ts";
import { parseInput } from "../http/validate.ts";

/** The song's words as the generator sang them, those ending at 6000 s or later dropped. */
async function alignedWords(db: Kysely<Database>, clipId: string): Promise<AlignedLyricsResponse> {
  const row = await db
    .selectFrom("generated_clips")
    .select("aligned_words")
    .where("clip_id", "=", clipId)
    .executeTakeFirst();
  const stored = storedAlignedWordsSchema.safeParse(row?.aligned_words ?? []);
  if (!stored.success) throw new Error(`Clip ${clipId} has malformed aligned words`);
  return {
    aligned_words: stored.data
      .filter((word) => word.end_s < ALIGNED_WORDS_END_MAX_S)
      .map((word) => ({
        word: word.word,
        start_s: word.start_s,
        end_s: word.end_s,
        success: true,
        p_align: 1,
      })),
    waveform_data: [],
    hoot_cer: 0,
    is_streamed: false,
  };
}

/**
 * The v3 state of a song's alignment. The generator aligns the words as it sings them, so the
 * alignment runs while the song renders and is complete when the song is; a finished song without
 * words (an instrumental, an upload) is an error saying so.
 */
async function alignmentState(
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<AlignedLyricsV3Response> {
  const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
  const clip = await findVisibleClip(db, request.auth?.user.id ?? null, clip_id);
  const empty = { aligned_words: [], waveform_data: [], hoot_cer: 0, is_streamed: false };
  if (clip.status === "error") return { ...empty, status: "error", error_message: UNKNOWN_ALIGNMENT_ERROR };
  if (clip.status !== "complete") return { ...empty, status: "running", error_message: null };
  const words = await alignedWords(db, clip.id);
  return words.aligned_words.length === 0
    ? { ...words, status: "error", error_message: NO_ALIGNED_WORDS }
    : { ...words, status: "complete", error_message: null };
}

/**
 * A song's lyrics aligned word by word, for anyone who may see it: GET aligned_lyrics/v2/ (the words
 * as stored), and POST (body lyrics) and GET aligned_lyrics/v3 (the alignment's state, polled while
 * it runs). Pages fall back to v2 when v3 fails.
 */
export function registerAlignedLyricsRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  for (const path of ["/api/gen/:clip_id/aligned_lyrics/v2/", "/api/gen/:clip_id/aligned_lyrics/v2"])
    app.get(path, async (request): Promise<AlignedLyricsResponse> => {
      const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
      const clip = await findVisibleClip(db, request.auth?.user.id ?? null, clip_id);
      return alignedWords(db, clip.id);
    });

  for (const path of ["/api/gen/:clip_id/aligned_lyrics/v3/", "/api/gen/:clip_id/aligned_lyrics/v3"]) {
    app.get(path, async (request) => alignmentState(db, request));
    app.post(path, async (request) => {
      // The lyrics are checked; the generator's own alignment is of the lyrics it sang.
      parseInput(alignedLyricsV3BodySchema, request.body);
      return alignmentState(db, request);
    });
  }
}

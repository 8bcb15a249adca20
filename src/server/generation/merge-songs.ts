// POST /api/generate/merge/: the user's finished songs joined into one new song, in the order given
// (a short crossfade at each join). Done in the request, with no generator: joining is decoding,
// adding and encoding, done once, and the new song is finished when the answer comes.

import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import type { MergeBody } from "../../shared/api/generate.ts";
import { encodeWav } from "../../shared/audio/wav.ts";
import { createClip } from "../clips/clip-store.ts";
import { clipMediaKey } from "../clips/media-urls.ts";
import { joinSongs } from "../clips/merge-audio.ts";
import type { ClipRow, Database, User } from "../db/schema.ts";
import type { Storage } from "../storage/storage.ts";
import { loadReferenceClip } from "./reference-audio.ts";
import { usableClip } from "./usable-clips.ts";

/** Every song checked first (the user's own, finished, out of the trash), then joined and stored. */
export async function mergeSongs(
  db: Kysely<Database>,
  storage: Storage,
  user: User,
  body: MergeBody,
): Promise<ClipRow> {
  const sources = [];
  for (const clipId of body.clip_ids) sources.push(await usableClip(db, user.id, clipId));
  const parts = [];
  for (const source of sources) parts.push((await loadReferenceClip(db, storage, source.id)).audio);
  const audio = joinSongs(parts);
  const id = randomUUID();
  const audioKey = clipMediaKey(id, "audio", "wav");
  // 16-bit like the songs it joins; their samples keep their bytes outside the joins.
  const bytes = Buffer.from(encodeWav(audio, "pcm16", { keepGridSamples: true }));
  await storage.put(audioKey, Readable.from(bytes), { contentType: "audio/wav" });
  const first = sources[0];
  const metadata: ClipMetadata = {
    type: "concat",
    task: "concat",
    tags: first.metadata.tags ?? null,
    has_vocal: sources.some((source) => source.metadata.has_vocal === true),
    duration: (audio.channels[0]?.length ?? 0) / audio.sampleRate,
    concat_history: sources.map((source) => ({
      id: source.id,
      type: source.metadata.type ?? "gen",
      continue_at: null,
    })),
  };
  return createClip(db, {
    id,
    userId: user.id,
    title: first.title,
    status: "complete",
    audioKey,
    rootClipId: first.id,
    metadata,
  });
}

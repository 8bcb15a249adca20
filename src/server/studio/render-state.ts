import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import JSZip from "jszip";
import { type Kysely, sql } from "kysely";
import type { z } from "zod";
import type { Clip } from "../../shared/api/clips.ts";
import {
  RENDER_EMPTY,
  RENDER_MAX_SECONDS,
  type RenderStateResponse,
  type renderStateBodySchema,
} from "../../shared/api/studio-render.ts";
import { encodeWav } from "../../shared/audio/wav.ts";
import { uniqueFileNames } from "../../shared/file-names.ts";
import type { StudioProjectState } from "../../shared/project/index.ts";
import { findVisibleClip } from "../clips/clip-repository.ts";
import { createClip } from "../clips/clip-store.ts";
import { clipView } from "../clips/clip-view.ts";
import { clipMediaKey } from "../clips/media-urls.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import { keepRender, RENDER_AHEAD_FLAG, removeSupersededRendersAhead } from "./render-ahead.ts";
import { renderSources } from "./render-sources.ts";
import type { RenderedStereo } from "./render-thread-protocol.ts";
import { runRenderThread } from "./run-render-thread.ts";

/** Renders are made at the rate the studio plays at on most machines. */
export const RENDER_SAMPLE_RATE = 48_000;

type RenderStateBody = z.output<typeof renderStateBodySchema>;
type Range = { readonly startBeats: number; readonly endBeats: number } | null;

/**
 * 002 §7: renders are cached per key built from the clip structure and the range — what is heard,
 * not the title, the selection or the usage flags — so asking again for the same mix is free.
 */
export function renderKey(state: StudioProjectState, range: Range, kind: "mix" | "tracks"): string {
  const { amplitude, songFadeInBeats, songFadeOutBeats, timing, tracks, markersRegistry } = state;
  const heard = { amplitude, songFadeInBeats, songFadeOutBeats, timing, tracks, markersRegistry };
  return createHash("sha256")
    .update(JSON.stringify({ heard, range, kind, rate: RENDER_SAMPLE_RATE }))
    .digest("base64url")
    .slice(0, 32);
}

const silent = ({ left, right }: RenderedStereo) => !left.some((v) => v !== 0) && !right.some((v) => v !== 0);

const wavBytes = (audio: RenderedStereo) =>
  new Uint8Array(encodeWav({ sampleRate: RENDER_SAMPLE_RATE, channels: [audio.left, audio.right] }, "pcm16"));

async function cachedRender(db: Kysely<Database>, userId: string, key: string): Promise<Clip | null> {
  const row = await db
    .selectFrom("clips")
    .select("id")
    .where("user_id", "=", userId)
    .where("is_trashed", "=", false)
    .where("status", "=", "complete")
    .where(sql<boolean>`clips.metadata->'configurations'->>'render_key' = ${key}`)
    .executeTakeFirst();
  return row ? clipView(await findVisibleClip(db, userId, row.id), userId) : null;
}

/**
 * Renders under way, per user and render key: the studio renders a generation's context while its
 * panel is filled in, and Generate's own request for the same mix joins that render instead of
 * starting a second one.
 */
const renderings = new WeakMap<Kysely<Database>, Map<string, Promise<RenderStateResponse>>>();

/** What a render of a range works with. */
export interface RenderDeps {
  readonly db: Kysely<Database>;
  readonly storage: Storage;
  /** Given the stored WAV of each new render (see sourcePreparer). */
  readonly prepareSource?: (wav: Buffer) => void;
}

/** POST /api/studio/render-state: a range of the project (all of it by default) as a song clip. */
export async function renderStateToClip(
  deps: RenderDeps,
  userId: string,
  state: StudioProjectState,
  body: RenderStateBody,
): Promise<RenderStateResponse> {
  const range: Range =
    body.start_beats != null || body.end_beats != null
      ? { startBeats: body.start_beats ?? 0, endBeats: body.end_beats ?? Number.MAX_SAFE_INTEGER }
      : null;
  const key = renderKey(state, range, "mix");
  const joined = `${userId}:${key}`;
  const rendering = renderings.get(deps.db) ?? new Map<string, Promise<RenderStateResponse>>();
  renderings.set(deps.db, rendering);
  let render = rendering.get(joined);
  if (!render) {
    const own = renderOnce(deps, userId, state, body, range, key);
    render = own;
    rendering.set(joined, own);
    own.then(
      () => rendering.delete(joined),
      () => rendering.delete(joined),
    );
  }
  const answer = await render;
  if (!body.render_ahead) await keepRender(deps.db, answer.data.id);
  return answer;
}

async function renderOnce(
  { db, storage, prepareSource }: RenderDeps,
  userId: string,
  state: StudioProjectState,
  body: RenderStateBody,
  range: Range,
  key: string,
): Promise<RenderStateResponse> {
  const cached = await cachedRender(db, userId, key);
  if (cached) return { data: cached, moderation_error_message: null };

  const sources = await renderSources(db, storage, userId, state);
  const rendered = await runRenderThread(state, sources, {
    sampleRate: RENDER_SAMPLE_RATE,
    maxSeconds: RENDER_MAX_SECONDS,
    mode: { kind: "mix", range: range && { ...range, endBeats: Math.min(range.endBeats, songEnd(state)) } },
  });
  if (rendered.type !== "mix" || rendered.audio.left.length === 0 || silent(rendered.audio)) {
    throw new HttpError(422, RENDER_EMPTY);
  }
  const id = randomUUID();
  const audioKey = clipMediaKey(id, "audio", "wav");
  const wav = wavBytes(rendered.audio);
  await storage.put(audioKey, Readable.from([wav]), { contentType: "audio/wav" });
  // A context render is mostly a generation's source soon: the generator may start on it now.
  prepareSource?.(Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength));
  const title = (body.title || state.title || "").trim().slice(0, 100);
  const row = await createClip(db, {
    id,
    userId,
    title,
    audioKey,
    metadata: {
      type: "studio_export",
      duration: rendered.audio.left.length / RENDER_SAMPLE_RATE,
      prompt: body.lyrics ?? null,
      from_studio_project_id: body.from_studio_project_id ?? body.project_id ?? null,
      configurations: {
        render_key: key,
        start_beats: range?.startBeats ?? 0,
        end_beats: range?.endBeats ?? null,
        [RENDER_AHEAD_FLAG]: body.render_ahead === true,
      },
    },
  });
  const projectId = body.from_studio_project_id ?? body.project_id;
  if (body.render_ahead && projectId) await removeSupersededRendersAhead(db, storage, userId, projectId, id);
  return {
    data: clipView(await findVisibleClip(db, userId, row.id), userId),
    moderation_error_message: null,
  };
}

const songEnd = (state: StudioProjectState) =>
  Math.max(0, ...state.tracks.flatMap((track) => track.clips.map((clip) => clip.endBeats)));

/** Where a multitrack render is kept: per user, so only its maker can fetch it. */
export const multitrackKey = (userId: string, key: string) => `renders/${userId}/${key}.zip`;

/** POST /api/studio/render-state-multitrack: every track alone over the whole song, as WAVs in a zip. */
export async function renderMultitrack(
  db: Kysely<Database>,
  storage: Storage,
  userId: string,
  state: StudioProjectState,
): Promise<{ download_url: string }> {
  const key = renderKey(state, null, "tracks");
  const storageKey = multitrackKey(userId, key);
  const download_url = `/api/studio/render-downloads/${key}.zip`;
  if (await storage.stat(storageKey)) return { download_url };

  const sources = await renderSources(db, storage, userId, state);
  const rendered = await runRenderThread(state, sources, {
    sampleRate: RENDER_SAMPLE_RATE,
    maxSeconds: RENDER_MAX_SECONDS,
    mode: { kind: "tracks" },
  });
  if (rendered.type !== "tracks" || rendered.tracks.every((track) => silent(track.audio))) {
    throw new HttpError(422, RENDER_EMPTY);
  }
  const zip = new JSZip();
  const names = uniqueFileNames(rendered.tracks.map((track) => ({ title: track.name, extension: "wav" })));
  rendered.tracks.forEach((track, i) => {
    zip.file(names[i], wavBytes(track.audio));
  });
  const bytes = await zip.generateAsync({ type: "uint8array", compression: "STORE" });
  await storage.put(storageKey, Readable.from([bytes]), { contentType: "application/zip" });
  return { download_url };
}

import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { ClipDownloadResponse } from "../../shared/api/billing.ts";
import {
  clipMediaParamsSchema,
  clipMediaQuerySchema,
  type WaveformAggregatesResponse,
} from "../../shared/api/clip-media.ts";
import { clipIdParamsSchema } from "../../shared/api/clips.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { checkDownload, quotaExhausted, recordDownload } from "../billing/download-quota.ts";
import { isPaywallExempt } from "../billing/entitlements.ts";
import type { ClipViewRow } from "../clips/clip-repository.ts";
import { findVisibleClip } from "../clips/clip-repository.ts";
import {
  type ConvertedFormat,
  hasConvertedDownload,
  planConversion,
  readyConvertedKey,
} from "../clips/converted-downloads.ts";
import { clipMediaUrl } from "../clips/media-urls.ts";
import { ensureMp3Download, storedMp3Key } from "../clips/mp3-download.ts";
import { clipWaveformAggregates } from "../clips/waveform-aggregates.ts";
import type { Database, User } from "../db/schema.ts";
import { followRendering } from "../generation/streaming-audio.ts";
import { conflict, forbidden, notFound } from "../http/errors.ts";
import { attachment, sendGrowing, sendStored } from "../http/send-stored.ts";
import { parseInput } from "../http/validate.ts";
import { imageAtSize } from "../images/sized-images.ts";
import type { Storage } from "../storage/storage.ts";
import { m4aRenditionKey } from "../video/m4a-rendition.ts";

/** 001: WAV is a paid feature (Pro, Premier); staff and skip-paywall users have it too. */
const mayDownloadWav = (user: User) =>
  user.plan_key === "pro" || user.plan_key === "premier" || isPaywallExempt(user);

/** Clip media with HTTP ranges, waveform aggregates, and MP3 and WAV downloads; all under the visibility rule. */
export function registerClipMediaRoutes(app: FastifyInstance, db: Kysely<Database>, storage: Storage): void {
  /** Growing responses in flight: they would hold the server open until their renders end, so closing ends them. */
  const growingResponses = new Set<Readable>();
  app.addHook("preClose", async () => {
    for (const body of growingResponses) body.destroy();
  });

  app.get("/api/media/clips/:clip_id/:file", async (request, reply) => {
    const { clip_id, file: kind } = parseInput(clipMediaParamsSchema, request.params, "path");
    const query = parseInput(clipMediaQuerySchema, request.query, "query");
    // A signed URL (handed to a script) reads as its viewer saw the song, with no cookie or token.
    const viewerId =
      query.signature === undefined
        ? (request.auth?.user.id ?? null)
        : await app.mediaUrls.verify(clip_id, kind, query, Math.floor(Date.now() / 1000));
    const clip = await findVisibleClip(db, viewerId, clip_id);
    if (kind === "wav" || kind === "opus") {
      const user = requireUser(request);
      const label = kind === "wav" ? "WAV" : "Opus";
      if (!(await hasConvertedDownload(db, user, clip, kind))) {
        throw forbidden(`Ask for the ${label} download first`);
      }
      const key = await readyConvertedKey(storage, clip, kind);
      if (!key) throw notFound(`The ${label} file is not ready yet`);
      return sendStored(storage, key, request.headers.range, reply, attachment(clip.title, kind));
    }
    if (kind === "mp3") {
      // Made (and counted against the quota) by POST /api/billing/clips/{id}/download/.
      const key = await storedMp3Key(storage, clip);
      if (!key) throw notFound("The MP3 file is not ready yet");
      return sendStored(
        storage,
        key,
        request.headers.range,
        reply,
        query.download ? attachment(clip.title, "mp3") : undefined,
      );
    }
    if (kind === "m4a") {
      const key = await m4aRenditionKey(storage, clip);
      if (!key) throw notFound("The m4a audio is not ready yet");
      return sendStored(storage, key, request.headers.range, reply);
    }
    // A HEAD asks for no body: it gets the stored part's headers rather than a response that never ends.
    if (kind === "audio" && clip.status === "streaming" && !query.download && request.method === "GET") {
      const growing = followRendering(clip.id);
      if (growing) {
        growingResponses.add(growing);
        growing.once("close", () => growingResponses.delete(growing));
        return sendGrowing(reply, growing);
      }
    }
    const stored = {
      audio: clip.audio_key,
      image: clip.image_key,
      video: clip.video_key,
      video_cover: clip.video_cover_key,
    }[kind];
    if (!stored) throw notFound(`This song has no ${kind}`);
    const key = kind === "image" && query.size ? await imageAtSize(storage, stored, query.size) : stored;
    const extension = /\.([a-z0-9]{1,5})$/i.exec(key)?.[1] ?? "bin";
    const disposition = query.download ? attachment(clip.title, extension) : undefined;
    return sendStored(storage, key, request.headers.range, reply, disposition);
  });

  // The song menu's "MP3 Audio": counted against the download quota, answered once the MP3 is stored.
  app.post("/api/billing/clips/:clip_id/download/", async (request): Promise<ClipDownloadResponse> => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const user = requireUser(request);
    const clip = await findVisibleClip(db, user.id, clip_id);
    if (clip.status !== "complete") throw conflict("The song is not finished yet");
    // Refused before encoding: someone out of downloads costs the server no work.
    if (!(await checkDownload(db, user, clip)).allowed) throw quotaExhausted();
    const key = clip.audio_key ? await ensureMp3Download(storage, clip) : null;
    const usage = await recordDownload(db, user, clip, "mp3");
    const url = clipMediaUrl(clip.id, "mp3", key);
    return { ...usage, download_url: url && `${url}&download=true` };
  });

  app.get("/api/gen/:clip_id/waveform-aggregates", async (request): Promise<WaveformAggregatesResponse> => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const clip = await findVisibleClip(db, request.auth?.user.id ?? null, clip_id);
    return clipWaveformAggregates(storage, clip);
  });

  /**
   * WAV (a paid feature) and Opus (counted against the download quota like the MP3): converted in
   * the background on the first call while the page polls for the file's address.
   */
  const mayConvert = async (user: User, clip: ClipViewRow, format: ConvertedFormat) => {
    if (format === "wav") {
      if (!mayDownloadWav(user)) throw forbidden("WAV downloads need a Pro or Premier plan");
    } else if (!(await checkDownload(db, user, clip)).allowed) throw quotaExhausted();
  };
  for (const format of ["wav", "opus"] as const) {
    // The Opus call has no trailing slash in the web app's calls; both spellings are answered.
    const converts =
      format === "wav"
        ? ["/api/gen/:clip_id/convert_wav/"]
        : ["/api/gen/:clip_id/convert_opus", "/api/gen/:clip_id/convert_opus/"];
    for (const path of converts) {
      app.post(path, async (request) => {
        const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
        const user = requireUser(request);
        const clip = await findVisibleClip(db, user.id, clip_id);
        if (clip.status !== "complete") throw conflict("The song is not finished yet");
        await mayConvert(user, clip, format);
        const conversion = await planConversion(storage, clip, format);
        await recordDownload(db, user, clip, format);
        return { status: conversion.start() };
      });
    }
    app.get(`/api/gen/:clip_id/${format}_file/`, async (request) => {
      const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
      const user = requireUser(request);
      const clip = await findVisibleClip(db, user.id, clip_id);
      if (!(await hasConvertedDownload(db, user, clip, format))) {
        throw forbidden(`Ask for the ${format === "wav" ? "WAV" : "Opus"} download first`);
      }
      const key = await readyConvertedKey(storage, clip, format);
      return { [`${format}_file_url`]: key ? clipMediaUrl(clip.id, format, key) : null };
    });
  }
}

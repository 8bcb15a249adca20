// A song's MP3, WAV, Opus and Sample Pack downloads through the server's media routes:
// the MP3 counts against the download quota and comes once the server has it (encoded on the
// first request); the WAV and the Opus are converted first and polled every 5 s, 24 times (two
// minutes), until their address appears; the sample pack is made from the stems on the first
// request.

import { clipDownloadResponseSchema } from "../../shared/api/billing.ts";
import { samplePackResponseSchema } from "../../shared/api/clip-actions.ts";
import {
  convertWavResponseSchema,
  opusFileResponseSchema,
  wavFileResponseSchema,
} from "../../shared/api/clip-media.ts";
import type { Clip } from "../../shared/api/clips.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { dismissToast, showToast } from "../shell/toast-store.ts";
import { countDownload, mayDownload } from "./download-checks.ts";
import { pollFor } from "./poll.ts";

const CONVERSION_POLL_MS = 5000;
const CONVERSION_POLL_TRIES = 24;
const DOWNLOAD_ERROR_MS = 5000;

/** The downloads' words, read when a toast shows (the song menu that started it loaded them). */
const say = (key: string): string => i18n.t(`songMenu:actions.${key}`);

/** Hands the address to the browser as a download (the server sends it as an attachment). */
export function saveFrom(url: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = "";
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}

function failed(title: string, error: unknown): void {
  console.warn(title, error);
  // The server's refusals (quota, plan) say why in its own words.
  const description = error instanceof ApiError ? error.detail : undefined;
  showToast({ kind: "error", title, description, durationMs: DOWNLOAD_ERROR_MS });
}

/** A song's first MP3 download is encoded on the server (seconds for a long song): past this, say so. */
const PREPARING_AFTER_MS = 400;

export async function downloadMp3(clip: Clip): Promise<void> {
  if (!(await mayDownload(clip, "MP3"))) return;
  let preparing: number | null = null;
  const slow = setTimeout(() => {
    preparing = showToast({ kind: "info", title: say("preparingMp3"), durationMs: null });
  }, PREPARING_AFTER_MS);
  try {
    const answer = await apiRequest(
      `/api/billing/clips/${encodeURIComponent(clip.id)}/download/`,
      clipDownloadResponseSchema,
      { method: "POST" },
    );
    if (answer.download_url === null) throw new Error("The song has no audio to download");
    saveFrom(answer.download_url);
    countDownload(clip, "download_audio");
  } catch (error) {
    failed(say("downloadFailed"), error);
  } finally {
    clearTimeout(slow);
    if (preparing !== null) dismissToast(preparing);
  }
}

/** The formats the server converts a song to before its download, each with its own calls and words (keys of the song menu's texts). */
const CONVERSIONS = {
  wav: {
    format: "WAV",
    convertPath: "convert_wav/",
    ask: async (id: string) =>
      (await apiRequest(`/api/gen/${id}/wav_file/`, wavFileResponseSchema)).wav_file_url,
    timedOut: "wavTimedOut",
    action: "download_wav",
  },
  // The web app's Opus call has no trailing slash; the server answers both.
  opus: {
    format: "Opus",
    convertPath: "convert_opus",
    ask: async (id: string) =>
      (await apiRequest(`/api/gen/${id}/opus_file/`, opusFileResponseSchema)).opus_file_url,
    timedOut: "opusTimedOut",
    action: "download_opus",
  },
} as const;

/** Converts the song on the server, polls for the file's address, then downloads it. */
export async function downloadConverted(clip: Clip, format: keyof typeof CONVERSIONS): Promise<void> {
  const conversion = CONVERSIONS[format];
  if (!(await mayDownload(clip, conversion.format))) return;
  const id = encodeURIComponent(clip.id);
  try {
    await apiRequest(`/api/gen/${id}/${conversion.convertPath}`, convertWavResponseSchema, {
      method: "POST",
    });
    const url = await pollFor(() => conversion.ask(id), {
      intervalMs: CONVERSION_POLL_MS,
      tries: CONVERSION_POLL_TRIES,
    });
    if (url === null) {
      showToast({ kind: "error", title: say(conversion.timedOut), durationMs: DOWNLOAD_ERROR_MS });
      return;
    }
    saveFrom(url);
    countDownload(clip, conversion.action);
  } catch (error) {
    failed(say("downloadFailed"), error);
  }
}

export async function downloadSamplePack(clip: Clip): Promise<void> {
  const preparing = showToast({ kind: "info", title: say("packPreparing"), durationMs: null });
  try {
    const { sample_pack_url: url } = await apiRequest(
      `/api/generate/${encodeURIComponent(clip.id)}/generate_sample_pack`,
      samplePackResponseSchema,
      { method: "POST", body: {} },
    );
    saveFrom(url);
    countDownload(clip, "download_sample_pack");
  } catch (error) {
    failed(say("packFailed"), error);
  } finally {
    dismissToast(preparing);
  }
}

import { clipDownloadResponseSchema } from "../../../shared/api/billing.ts";
import {
  clipMediaParamsSchema,
  clipMediaQuerySchema,
  convertWavResponseSchema,
  opusFileResponseSchema,
  waveformAggregatesResponseSchema,
  wavFileResponseSchema,
} from "../../../shared/api/clip-media.ts";
import { clipIdParamsSchema } from "../../../shared/api/clips.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/clip-media.ts. */
export const clipMediaOperations: OperationGroup = {
  tag: "Clip media",
  operations: [
    {
      method: "GET",
      path: "/api/media/clips/:clip_id/:file",
      summary: "Media clips",
      params: clipMediaParamsSchema,
      query: clipMediaQuerySchema,
      response: clipDownloadResponseSchema,
    },
    {
      method: "POST",
      path: "/api/billing/clips/:clip_id/download/",
      summary: 'The song menu\'s "MP3 Audio"',
      params: clipIdParamsSchema,
      response: clipDownloadResponseSchema,
    },
    {
      method: "GET",
      path: "/api/gen/:clip_id/waveform-aggregates",
      summary: "Gen waveform aggregates",
      params: clipIdParamsSchema,
      response: waveformAggregatesResponseSchema,
    },
    {
      method: "POST",
      path: "/api/gen/:clip_id/convert_wav/",
      summary: "Gen convert wav",
      params: clipIdParamsSchema,
    },
    {
      method: "GET",
      path: "/api/gen/:clip_id/wav_file/",
      summary: "Gen wav file",
      params: clipIdParamsSchema,
      response: wavFileResponseSchema,
    },
    {
      method: "POST",
      path: ["/api/gen/:clip_id/convert_opus", "/api/gen/:clip_id/convert_opus/"],
      summary: "Convert a song to Ogg Opus for download (counted as a download)",
      params: clipIdParamsSchema,
      response: convertWavResponseSchema,
    },
    {
      method: "GET",
      path: "/api/gen/:clip_id/opus_file/",
      summary: "The Ogg Opus download's address once converted",
      params: clipIdParamsSchema,
      response: opusFileResponseSchema,
    },
  ],
};

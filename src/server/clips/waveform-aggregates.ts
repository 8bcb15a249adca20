import { Readable } from "node:stream";
import { buildWaveformPeaks } from "../../engine/node.ts";
import type { WaveformAggregatesResponse } from "../../shared/api/clip-media.ts";
import type { PlanarAudio } from "../../shared/audio/wav.ts";
import { HttpError, notFound } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import { decodeAudio, readStored, UnsupportedAudioError } from "./clip-audio.ts";
import { derivedKey } from "./media-urls.ts";
import { newServerDsp } from "./server-dsp.ts";

export const WAVEFORM_CACHE_NAME = "waveform.json";

// Four decimals is finer than any screen draws; min rounds down and max up, so the drawn envelope
// always contains the audio.
const down = (value: number) => Math.floor(value * 1e4) / 1e4 || 0;
const up = (value: number) => Math.ceil(value * 1e4) / 1e4 || 0;

/**
 * Min/max mipmaps over all channels, computed by the DSP core: level k has one point per
 * baseBlock * 2^k frames, the last level one point for the whole clip.
 */
export function computeWaveformAggregates(audio: PlanarAudio): WaveformAggregatesResponse {
  const dsp = newServerDsp();
  const perChannel = audio.channels.map((channel) => buildWaveformPeaks(dsp, channel));
  const first = perChannel[0];
  const frames = audio.channels[0]?.length ?? 0;
  const levels = first?.levels ?? [];
  return {
    frames,
    duration: audio.sampleRate > 0 ? frames / audio.sampleRate : 0,
    waveform_aggregates: levels.map((level, index) => {
      const points = level.length / 2;
      const min: number[] = new Array(points);
      const max: number[] = new Array(points);
      for (let point = 0; point < points; point++) {
        let low = Number.POSITIVE_INFINITY;
        let high = Number.NEGATIVE_INFINITY;
        for (const peaks of perChannel) {
          low = Math.min(low, peaks.levels[index][2 * point]);
          high = Math.max(high, peaks.levels[index][2 * point + 1]);
        }
        min[point] = down(low);
        max[point] = up(high);
      }
      return {
        mip_map_level: index,
        sample_rate: audio.sampleRate,
        frames_per_point: first.baseBlock * 2 ** index,
        min,
        max,
      };
    }),
  };
}

const running = new Map<string, Promise<WaveformAggregatesResponse>>();

/**
 * A clip's waveform aggregates: computed once per audio file and kept in storage beside it, so
 * later requests (and restarts) read them back. Concurrent first requests share one computation.
 */
export async function clipWaveformAggregates(
  storage: Storage,
  clip: { id: string; audio_key: string | null },
): Promise<WaveformAggregatesResponse> {
  if (!clip.audio_key) throw notFound("This song has no audio yet");
  const cacheKey = derivedKey(clip.id, clip.audio_key, WAVEFORM_CACHE_NAME);
  const cached = await storage.stat(cacheKey);
  if (cached) return JSON.parse((await readStored(storage, cacheKey)).toString("utf8"));
  const audioKey = clip.audio_key;
  let job = running.get(cacheKey);
  if (!job) {
    job = (async () => {
      const bytes = await readStored(storage, audioKey);
      let audio: PlanarAudio;
      try {
        audio = await decodeAudio(bytes);
      } catch (error) {
        throw new HttpError(
          422,
          error instanceof UnsupportedAudioError
            ? "Waveforms for this song's audio format are not available yet"
            : "The song's audio could not be read",
        );
      }
      const aggregates = computeWaveformAggregates(audio);
      const json = Buffer.from(JSON.stringify(aggregates));
      await storage.put(cacheKey, Readable.from([json]), { contentType: "application/json" });
      return aggregates;
    })().finally(() => running.delete(cacheKey));
    running.set(cacheKey, job);
  }
  return job;
}

// The embed player's two reads, checked with zod's small build (the embed's script stays small):
// the song (only what the player shows) and its waveform.

import * as z from "zod/mini";
import { loadWithRetries, WAVEFORM_PAGE_LOAD } from "../../shared/audio/load-retry.ts";

const embedClipSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  status: z.string(),
  image_url: z.nullable(z.string()),
  audio_url: z.nullable(z.string()),
  play_count: z.number(),
  metadata: z.object({ duration: z.optional(z.nullable(z.number())) }),
});
export type EmbedClip = z.infer<typeof embedClipSchema>;

const waveformSchema = z.object({
  waveform_aggregates: z.array(
    z.object({ mip_map_level: z.number(), min: z.array(z.number()), max: z.array(z.number()) }),
  ),
});

async function read<T>(path: string, schema: z.ZodMiniType<T>): Promise<T> {
  const response = await fetch(path);
  if (!response.ok)
    throw Object.assign(new Error(`${path}: ${response.status}`), { status: response.status });
  return schema.parse(await response.json());
}

export const fetchEmbedClip = (clipId: string) =>
  read(`/api/clip/${encodeURIComponent(clipId)}`, embedClipSchema);

export const fetchEmbedWaveform = (clipId: string) =>
  loadWithRetries(
    () => read(`/api/gen/${encodeURIComponent(clipId)}/waveform-aggregates`, waveformSchema),
    WAVEFORM_PAGE_LOAD,
  );

/** Reports a counted play (sampled by `sampleFactor`); a failure is only logged. */
export function reportEmbedPlay(clipId: string, sampleFactor: number): void {
  fetch(`/api/gen/${encodeURIComponent(clipId)}/increment_play_count/v2`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ sample_factor: sampleFactor }),
  })
    .then((response) => {
      if (!response.ok) console.warn(`The play was not counted: ${response.status}`);
    })
    .catch((error: unknown) => console.warn("The play was not counted", error));
}

// The audio of a merge: songs one after another, each join a short equal-power crossfade (the end
// of one under the start of the next), so no click where two songs meet. Pure, over planar audio at
// one sample rate.

import type { PlanarAudio } from "../../shared/audio/wav.ts";

/** The crossfade where two merged songs meet. */
export const MERGE_FADE_SECONDS = 0.05;

const channelOf = (audio: PlanarAudio, channel: number): Float32Array =>
  audio.channels[Math.min(channel, audio.channels.length - 1)];

/**
 * The parts joined in order. Stereo when any part is (a mono part plays in both channels); each
 * join overlaps the parts by the fade, or by less when a part is shorter than it.
 */
export function joinSongs(parts: readonly PlanarAudio[], fadeSeconds = MERGE_FADE_SECONDS): PlanarAudio {
  const first = parts[0];
  if (first === undefined) throw new RangeError("A merge needs at least one song");
  const sampleRate = first.sampleRate;
  if (parts.some((part) => part.sampleRate !== sampleRate)) {
    throw new RangeError("The merged songs differ in sample rate");
  }
  const channels = Math.max(...parts.map((part) => part.channels.length));
  const lengths = parts.map((part) => part.channels[0]?.length ?? 0);
  const fades = lengths
    .slice(1)
    .map((length, index) => Math.min(Math.round(fadeSeconds * sampleRate), length, lengths[index]));
  const total = lengths.reduce((sum, length) => sum + length, 0) - fades.reduce((sum, fade) => sum + fade, 0);
  const out = Array.from({ length: channels }, () => new Float32Array(total));
  let at = 0;
  parts.forEach((part, index) => {
    const fade = index === 0 ? 0 : fades[index - 1];
    at -= fade;
    for (let c = 0; c < channels; c++) {
      const source = channelOf(part, c);
      const target = out[c];
      for (let i = 0; i < source.length; i++) {
        // Equal power: the sum of the squared gains is 1 across the overlap.
        const gainIn = i < fade ? Math.sin(((i + 0.5) / fade) * (Math.PI / 2)) : 1;
        const j = at + i;
        if (i < fade) {
          const gainOut = Math.cos(((i + 0.5) / fade) * (Math.PI / 2));
          target[j] = target[j] * gainOut + source[i] * gainIn;
        } else target[j] = source[i];
      }
    }
    at += lengths[index];
  });
  return { sampleRate, channels: out };
}

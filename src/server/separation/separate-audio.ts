// Runs the DSP core's separation (dsp/separation) over a whole decoded song: the host side of the
// stream, hop by hop, with the lead-in dropped and the tail flushed, so each stem lines up with
// the song sample for sample and the four sum back to it.
import type { DspExports } from "../../engine/node.ts";
import type { PlanarAudio } from "../../shared/audio/wav.ts";

/** The separated stems, in the order the DSP core writes them. */
export const SEPARATED_STEMS = ["vocals", "drums", "bass", "other"] as const;
export type SeparatedStem = (typeof SEPARATED_STEMS)[number];

export interface SeparatedAudio {
  readonly name: SeparatedStem;
  readonly audio: PlanarAudio;
}

/**
 * The song's stems, each with the song's rate, length and channel count (a mono song is
 * separated as left and right alike, and its stems are mono). Throws on an unusable rate.
 */
export function separateAudio(dsp: DspExports, song: PlanarAudio): SeparatedAudio[] {
  const length = song.channels[0]?.length ?? 0;
  const stereo = song.channels.length > 1;
  const separator = dsp.separationCreate(song.sampleRate);
  if (separator === 0) throw new Error(`Cannot separate audio at ${song.sampleRate} Hz`);
  try {
    const hop = dsp.separationHop(separator);
    const leadIn = dsp.separationLeadIn(separator);
    const stemCount = dsp.separationStemCount();
    const outputs = SEPARATED_STEMS.map(() => song.channels.map(() => new Float32Array(length)));
    // Pushes never allocate in the wasm, so views made once stay valid.
    const view = (ptr: number) => new Float32Array(dsp.memory.buffer, ptr, hop);
    const inputs = [0, 1].map((channel) => view(dsp.separationInput(separator, channel)));
    const stemOutputs = outputs.map((channels, stem) =>
      channels.map((_, channel) => view(dsp.separationOutput(separator, stem, channel))),
    );
    // The output stream's sample 0 is the input's -leadIn.
    let written = -leadIn;
    for (let read = 0; written < length; read += hop) {
      for (let channel = 0; channel < 2; channel++) {
        const source = song.channels[stereo ? channel : 0];
        const input = inputs[channel];
        const end = Math.min(read + hop, length);
        if (read < end) input.set(source.subarray(read, end));
        input.fill(0, Math.max(0, end - read));
      }
      if (!dsp.separationPush(separator)) continue;
      const from = Math.max(0, -written);
      const count = Math.min(hop, length - written);
      if (count > from) {
        for (let stem = 0; stem < stemCount; stem++) {
          for (let channel = 0; channel < outputs[stem].length; channel++) {
            outputs[stem][channel].set(stemOutputs[stem][channel].subarray(from, count), written + from);
          }
        }
      }
      written += hop;
    }
    return SEPARATED_STEMS.map((name, stem) => ({
      name,
      audio: { sampleRate: song.sampleRate, channels: outputs[stem] },
    }));
  } finally {
    dsp.separationDestroy(separator);
  }
}

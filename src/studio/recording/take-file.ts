// A take as the file that is uploaded: a 32-bit float WAV keeps the input exactly; a take too long
// for the upload limit that way is written as 16-bit PCM, half the size.

import { AUDIO_UPLOAD_MAX_BYTES } from "../../shared/api/uploads.ts";
import { encodeWav } from "../../shared/audio/wav.ts";

const WAV_HEADER_BYTES = 44;

export function takeFile(samples: Float32Array, sampleRate: number, name: string): File {
  const audio = { sampleRate, channels: [samples] };
  const fits = WAV_HEADER_BYTES + samples.length * 4 <= AUDIO_UPLOAD_MAX_BYTES;
  return new File([encodeWav(audio, fits ? "float32" : "pcm16")], name, { type: "audio/wav" });
}

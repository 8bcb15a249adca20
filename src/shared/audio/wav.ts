// RIFF/WAVE encoding of rendered audio: 32-bit float (lossless for the engine's
// output) or 16-bit PCM with TPDF dither (what most players and DAWs expect).

export type WavFormat = "float32" | "pcm16";

export interface PlanarAudio {
  readonly sampleRate: number;
  readonly channels: readonly Float32Array[];
}

export interface WavOptions {
  /**
   * pcm16: samples already on the 16-bit grid (k / 32768) are written as they are, undithered, so
   * 16-bit audio decoded and encoded again keeps its bytes (a generated song kept up to a join).
   * Off by default: every sample is dithered.
   */
  readonly keepGridSamples?: boolean;
}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;

/**
 * The 44-byte header of a canonical WAV: the RIFF and data sizes for `dataBytes` of samples, or, for
 * a stream whose length is not known yet (null), the largest sizes, which readers take as "read to the
 * end" (FFmpeg's WAV reader, and so Chromium's, does).
 */
export function wavHeader(
  format: WavFormat,
  channelCount: number,
  sampleRate: number,
  dataBytes: number | null,
): Uint8Array {
  const header = new Uint8Array(44);
  const view = new DataView(header.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  const bytesPerSample = format === "float32" ? 4 : 2;
  ascii(0, "RIFF");
  view.setUint32(4, dataBytes === null ? 0xffffffff : 36 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, format === "float32" ? FORMAT_FLOAT : FORMAT_PCM, true);
  view.setUint16(22, channelCount, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channelCount * bytesPerSample, true);
  view.setUint16(32, channelCount * bytesPerSample, true);
  view.setUint16(34, bytesPerSample * 8, true);
  ascii(36, "data");
  view.setUint32(40, dataBytes === null ? 0xffffffff : dataBytes, true);
  return header;
}

export function encodeWav(
  audio: PlanarAudio,
  format: WavFormat = "float32",
  options: WavOptions = {},
): ArrayBuffer {
  const { sampleRate, channels } = audio;
  const channelCount = channels.length;
  const frames = channels[0]?.length ?? 0;
  if (channelCount === 0 || channels.some((channel) => channel.length !== frames)) {
    throw new RangeError("WAV encoding needs at least one channel, all of the same length");
  }
  const bytesPerSample = format === "float32" ? 4 : 2;
  const dataBytes = frames * channelCount * bytesPerSample;
  const buffer = new ArrayBuffer(44 + dataBytes);
  new Uint8Array(buffer).set(wavHeader(format, channelCount, sampleRate, dataBytes));

  // Samples go through typed-array views (the data starts at byte 44, aligned for both sizes): far
  // faster than a DataView call per sample. Typed arrays use the host's byte order; WAV is little-endian.
  if (format === "float32") {
    const out = new Float32Array(buffer, 44, frames * channelCount);
    for (let c = 0; c < channelCount; c++) {
      const channel = channels[c];
      for (let i = 0, at = c; i < frames; i++, at += channelCount) out[at] = channel[i];
    }
    if (!LITTLE_ENDIAN) swapBytes(new Uint8Array(buffer, 44), 4);
    return buffer;
  }
  writePcm16(channels, new Int16Array(buffer, 44, frames * channelCount), 0, options);
  if (!LITTLE_ENDIAN) swapBytes(new Uint8Array(buffer, 44), 2);
  return buffer;
}

/**
 * Planar float channels into interleaved 16-bit samples of `out` from frame `at` (host byte order),
 * with triangular dither of one LSB peak: quantisation error becomes benign noise, not distortion.
 * One generator for all samples in interleaved order, so every file's noise is reproducible.
 */
export function writePcm16(
  channels: readonly Float32Array[],
  out: Int16Array,
  at: number,
  options: WavOptions = {},
): void {
  const channelCount = channels.length;
  const frames = channels[0]?.length ?? 0;
  let seed = 0x9e3779b9;
  const keepGrid = options.keepGridSamples === true;
  for (let i = 0, k = at * channelCount; i < frames; i++) {
    for (let c = 0; c < channelCount; c++, k++) {
      const scaled = channels[c][i] * 32768;
      // The dither is drawn either way: other samples get the same noise with the option or without.
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const first = seed / 2 ** 32;
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const dithered = scaled + (first - seed / 2 ** 32);
      const onGrid = keepGrid && Number.isInteger(scaled) && scaled >= -32768 && scaled <= 32767;
      out[k] = onGrid ? scaled : Math.max(-32768, Math.min(32767, Math.round(dithered)));
    }
  }
}

/** Where a WAV keeps its samples: its format, and the data's byte offset and whole frames. */
export interface WavLayout {
  readonly format: number;
  readonly bits: number;
  readonly sampleRate: number;
  readonly channelCount: number;
  readonly dataOffset: number;
  readonly frames: number;
}

/** The layout of a WAV file's samples (throws for a file that is not a readable WAV). */
export function wavLayout(bytes: Uint8Array): WavLayout {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.byteLength < 12 || tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new Error("Not a WAV file");
  let format = 0;
  let channelCount = 0;
  let sampleRate = 0;
  let bits = 0;
  for (let offset = 12; offset + 8 <= bytes.byteLength; ) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === "fmt ") {
      format = view.getUint16(body, true);
      channelCount = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
      // WAVE_FORMAT_EXTENSIBLE keeps the real format in its sub-format GUID.
      if (format === 0xfffe) format = view.getUint16(body + 24, true);
    } else if (id === "data") {
      if (channelCount === 0 || bits < 8) throw new Error("WAV data comes before its format");
      const frames = Math.floor(Math.min(size, bytes.byteLength - body) / ((bits / 8) * channelCount));
      return { format, bits, sampleRate, channelCount, dataOffset: body, frames };
    }
    offset = body + size + (size % 2);
  }
  throw new Error("WAV file has no data");
}

/** The layout of a 16-bit PCM WAV, or null for any other file. */
export function pcm16Layout(bytes: Uint8Array): WavLayout | null {
  try {
    const layout = wavLayout(bytes);
    return layout.format === FORMAT_PCM && layout.bits === 16 ? layout : null;
  } catch {
    return null;
  }
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Reverses each `size`-byte word in place: a big-endian host's samples into WAV's byte order. */
function swapBytes(bytes: Uint8Array, size: number): void {
  for (let at = 0; at + size <= bytes.length; at += size) bytes.subarray(at, at + size).reverse();
}

/** Reads the WAVs encodeWav writes (and other plain PCM 16/24/32-bit and float WAVs). */
export function decodeWav(bytes: ArrayBuffer): PlanarAudio {
  const { format, bits, sampleRate, channelCount, dataOffset, frames } = wavLayout(new Uint8Array(bytes));
  const channels = Array.from({ length: channelCount }, () => new Float32Array(frames));
  if (deinterleaveAligned(bytes, dataOffset, format, bits, channels)) return { sampleRate, channels };
  const read = wavSampleReader(new DataView(bytes), format, bits);
  if (!read) throw new Error(`Unsupported WAV format ${format} with ${bits}-bit samples`);
  const bytesPerSample = bits / 8;
  for (let i = 0, at = dataOffset; i < frames; i++) {
    for (let c = 0; c < channelCount; c++, at += bytesPerSample) channels[c][i] = read(at);
  }
  return { sampleRate, channels };
}

/**
 * The common cases (32-bit float and 16-bit PCM, data aligned for its sample size, a little-endian
 * host) read through one typed-array view of the data: the same values as wavSampleReader's, several
 * times faster than a DataView call per sample. Answers false when the data does not fit that view.
 */
function deinterleaveAligned(
  bytes: ArrayBuffer,
  body: number,
  format: number,
  bits: number,
  channels: readonly Float32Array[],
): boolean {
  const channelCount = channels.length;
  const samples = channels[0].length * channelCount;
  if (!LITTLE_ENDIAN) return false;
  if (format === FORMAT_FLOAT && bits === 32 && body % 4 === 0) {
    const data = new Float32Array(bytes, body, samples);
    for (let c = 0; c < channelCount; c++) {
      const channel = channels[c];
      for (let i = 0, at = c; i < channel.length; i++, at += channelCount) channel[i] = data[at];
    }
    return true;
  }
  if (format === FORMAT_PCM && bits === 16 && body % 2 === 0) {
    const data = new Int16Array(bytes, body, samples);
    for (let c = 0; c < channelCount; c++) {
      const channel = channels[c];
      for (let i = 0, at = c; i < channel.length; i++, at += channelCount) channel[i] = data[at] / 32768;
    }
    return true;
  }
  return false;
}

/** How to read one sample of this WAV format as a float in [-1, 1), or null when it is not supported. */
export function wavSampleReader(
  view: DataView,
  format: number,
  bits: number,
): ((at: number) => number) | null {
  if (format === FORMAT_FLOAT && bits === 32) return (at) => view.getFloat32(at, true);
  if (format === FORMAT_FLOAT && bits === 64) return (at) => view.getFloat64(at, true);
  if (format === FORMAT_PCM && bits === 16) return (at) => view.getInt16(at, true) / 32768;
  if (format === FORMAT_PCM && bits === 24) {
    return (at) =>
      (view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16)) / 8388608;
  }
  if (format === FORMAT_PCM && bits === 32) return (at) => view.getInt32(at, true) / 2147483648;
  if (format === FORMAT_PCM && bits === 8) return (at) => (view.getUint8(at) - 128) / 128;
  return null;
}

// A song's pitch-class profile: how much of each of the 12 pitch classes it sounds, from
// long-window spectra (the wasm FFT of dsp/stretch/fft.ts), for key estimation.
import type { DspExports } from "../../../worklets/dsp-abi.ts";
import type { PcmAudio } from "../song-request.ts";

/**
 * About a third of a second: bins of ~3 Hz at 48 kHz, under a quarter of a semitone from 55 Hz up,
 * so bass notes (which name the key more than anything else) land on their own pitch class.
 */
const WINDOW_SECONDS = 0.34;
/** From A1: bass fundamentals count; up to C7: above it harmonics mostly blur the profile. */
const LOW_HZ = 55;
const HIGH_HZ = 2100;

/** The window and the bins searched for a sample rate. */
function plan(sampleRate: number) {
  const size = 2 ** Math.round(Math.log2(sampleRate * WINDOW_SECONDS));
  const window = new Float32Array(size);
  for (let n = 0; n < size; n++) window[n] = 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / size);
  const first = Math.max(1, Math.ceil((LOW_HZ * size) / sampleRate));
  const last = Math.min(size / 2 - 2, Math.floor((HIGH_HZ * size) / sampleRate));
  return { size, window, first, last };
}

/**
 * The summed magnitude per pitch class (C first) over the whole audio, channels mixed to mono.
 * Only spectral peaks count, each at its interpolated frequency: the window's main lobe and
 * leakage would otherwise spread every note onto its neighbours.
 */
export function chromaProfile(dsp: DspExports, audio: PcmAudio): Float64Array {
  const { size, window, first, last } = plan(audio.sampleRate);
  const magnitude = new Float32Array(last + 2);
  const profile = new Float64Array(12);
  const length = audio.channels[0]?.length ?? 0;
  if (length === 0) return profile;
  const fft = dsp.fftCreate(size);
  if (fft === 0) throw new RangeError(`no FFT of ${size} points`);
  const rePtr = dsp.alloc(size * 4);
  const imPtr = dsp.alloc(size * 4);
  try {
    // Views made after the last allocation stay attached: nothing below grows the memory.
    const re = new Float32Array(dsp.memory.buffer, rePtr, size);
    const im = new Float32Array(dsp.memory.buffer, imPtr, size);
    const channels = audio.channels;
    const scale = 1 / channels.length;
    for (let start = 0; start < length; start += size / 2) {
      const frames = Math.min(size, length - start);
      re.fill(0);
      im.fill(0);
      for (const channel of channels) {
        for (let n = 0; n < frames; n++) re[n] += channel[start + n];
      }
      for (let n = 0; n < size; n++) re[n] *= window[n] * scale;
      dsp.fftForward(fft, rePtr, imPtr);
      for (let k = first - 1; k <= last + 1; k++) magnitude[k] = Math.hypot(re[k], im[k]);
      for (let k = first; k <= last; k++) {
        const a = magnitude[k - 1];
        const b = magnitude[k];
        const c = magnitude[k + 1];
        if (!(b > a && b >= c)) continue;
        // Parabolic interpolation of the log magnitudes: the peak's frequency to a fraction of a bin.
        const la = Math.log(a + 1e-12);
        const lb = Math.log(b);
        const lc = Math.log(c + 1e-12);
        const curvature = la - 2 * lb + lc;
        const offset = curvature < 0 ? (0.5 * (la - lc)) / curvature : 0;
        const midi = 69 + 12 * Math.log2(((k + offset) * audio.sampleRate) / size / 440);
        profile[((Math.round(midi) % 12) + 12) % 12] += b;
      }
    }
  } finally {
    dsp.free(rePtr);
    dsp.free(imPtr);
    dsp.fftDestroy(fft);
  }
  return profile;
}

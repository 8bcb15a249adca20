// A song's pitch classes over time: how much of each of the 12 it sounds in each third of a second,
// from long-window spectra (the wasm FFT of dsp/stretch/fft.ts), for key estimation. Two bands are
// kept apart: the bass (the chord roots, and the final note that names the key, but also the kick's
// pitch) and the register above it (chords, melody, voice) up to C7, above which harmonics mostly
// blur the profile.
import type { DspExports } from "../../engine/node.ts";
import type { PcmAudio } from "../song-request.ts";

/**
 * About a third of a second: bins of ~3 Hz at 48 kHz, under a quarter of a semitone from 55 Hz up,
 * so bass notes land on their own pitch class.
 */
const WINDOW_SECONDS = 0.34;
/** The top of the profile: C7. */
const HIGH_HZ = 2100;
/** The bass band: fundamentals of bass lines (from G1) and the low octave of the chords. */
const BASS_LOW_HZ = 40;
const BASS_HIGH_HZ = 200;
/** The band above it: chords, melodies and voices, up to HIGH_HZ. */
const MID_LOW_HZ = 200;

/** Pitch-class magnitudes (C first) per frame, frames half a window apart. */
export interface ChromaFrames {
  readonly count: number;
  /** Seconds of each frame's centre. */
  readonly times: Float64Array;
  /** RMS of each frame's samples (channels mixed to mono). */
  readonly rms: Float64Array;
  /** count * 12 values each: the bass band and the middle band. */
  readonly bass: Float64Array;
  readonly mid: Float64Array;
}

/** The window and the bins searched for a sample rate. */
function plan(sampleRate: number) {
  const size = 2 ** Math.round(Math.log2(sampleRate * WINDOW_SECONDS));
  const window = new Float32Array(size);
  for (let n = 0; n < size; n++) window[n] = 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / size);
  const bin = (hz: number) => (hz * size) / sampleRate;
  const first = Math.max(1, Math.ceil(bin(BASS_LOW_HZ)));
  const last = Math.min(size / 2 - 2, Math.floor(bin(HIGH_HZ)));
  return { size, window, first, last };
}

/**
 * The pitch classes of every frame, channels mixed to mono. Only spectral peaks count, each at its
 * interpolated frequency: the window's main lobe and leakage would otherwise spread every note onto
 * its neighbours.
 */
export function chromaFrames(dsp: DspExports, audio: PcmAudio): ChromaFrames {
  const { size, window, first, last } = plan(audio.sampleRate);
  const length = audio.channels[0]?.length ?? 0;
  const hop = size / 2;
  const count = length === 0 ? 0 : Math.ceil(length / hop);
  const frames: ChromaFrames = {
    count,
    times: new Float64Array(count),
    rms: new Float64Array(count),
    bass: new Float64Array(count * 12),
    mid: new Float64Array(count * 12),
  };
  if (count === 0) return frames;
  const magnitude = new Float32Array(last + 2);
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
    for (let frame = 0; frame < count; frame++) {
      const start = frame * hop;
      const samples = Math.min(size, length - start);
      re.fill(0);
      im.fill(0);
      for (const channel of channels) {
        for (let n = 0; n < samples; n++) re[n] += channel[start + n];
      }
      let power = 0;
      for (let n = 0; n < samples; n++) {
        re[n] *= scale;
        power += re[n] * re[n];
      }
      frames.times[frame] = (start + size / 2) / audio.sampleRate;
      frames.rms[frame] = Math.sqrt(power / samples);
      for (let n = 0; n < size; n++) re[n] *= window[n];
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
        const hz = ((k + offset) * audio.sampleRate) / size;
        const midi = 69 + 12 * Math.log2(hz / 440);
        const at = frame * 12 + (((Math.round(midi) % 12) + 12) % 12);
        if (hz >= BASS_LOW_HZ && hz < BASS_HIGH_HZ) frames.bass[at] += b;
        if (hz >= MID_LOW_HZ) frames.mid[at] += b;
      }
    }
  } finally {
    dsp.free(rePtr);
    dsp.free(imPtr);
    dsp.fftDestroy(fft);
  }
  return frames;
}

/** The summed magnitude per pitch class (C first) of one band over all its frames. */
export function bandProfile(band: Float64Array): Float64Array {
  const profile = new Float64Array(12);
  for (let at = 0; at < band.length; at++) profile[at % 12] += band[at];
  return profile;
}

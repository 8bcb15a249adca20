// A default import: @tonejs/midi is CommonJS (the fixture also runs in child processes under tsx).
import tonejsMidi from "@tonejs/midi";
import type {
  AlignedWord,
  GeneratedSong,
  GenerationProgress,
  Generator,
} from "../src/generator/generator.ts";
import { GENERATOR_SAMPLE_RATE } from "../src/generator/generator.ts";
import type { PcmAudio, SongRequest } from "../src/generator/song-request.ts";

// A tiny real Generator for the API's tests (never wired into the product): a deterministic
// two-sine song whose pitch comes from the seed, rendered in one-second chunks with progress, so the
// server's streaming, storing and bookkeeping run against the interface exactly as with the real one.
// Styles steer it: "fail" throws, "hold" waits for release() after its first chunk.

/** A 1x1 PNG: the cover image. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

export const SINE_SONG_SECONDS = 3;
/** The fixture renders at most this much, whatever duration a request asks for (tests stay fast). */
export const SINE_SONG_MAX_SECONDS = 8;
export const SINE_SONG_BPM = 120;

const sine = (frequency: number, frames: number, from: number, gain: number) => {
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    out[i] = gain * Math.sin((2 * Math.PI * frequency * (from + i)) / GENERATOR_SAMPLE_RATE);
  }
  return out;
};

const sum = (a: Float32Array, b: Float32Array) => a.map((value, i) => value + b[i]);

const secondsOf = (audio: PcmAudio) => (audio.channels[0]?.length ?? 0) / audio.sampleRate;

/** How long the fixture's song is: the request's duration, or what its task makes of its sources. */
function songSeconds(request: SongRequest, defaultSeconds: number): number {
  if (request.task === "concat") {
    return request.history.reduce((total, entry, i) => {
      const next = request.history[i + 1];
      return total + (next?.continueAt ?? secondsOf(entry.clip.audio));
    }, 0);
  }
  if (request.source && request.speed) return secondsOf(request.source.audio) / request.speed.multiplier;
  if (request.source && request.task === "upsample") return secondsOf(request.source.audio);
  return request.durationSeconds ?? defaultSeconds;
}

export class SineSongGenerator implements Generator {
  readonly name = "sine-song (test fixture)";
  /** Every request it was asked to make, in order. */
  readonly requests: SongRequest[] = [];
  private releaseHeld: (() => void) | null = null;
  private held: Promise<void> = this.newHold();
  closed = false;

  constructor(
    private readonly options: {
      readonly seconds?: number;
      /** Words to align beyond the lyrics' own (e.g. one ending past 6000 s). */
      readonly extraWords?: readonly AlignedWord[];
    } = {},
  ) {}

  private newHold(): Promise<void> {
    return new Promise((resolve) => {
      this.releaseHeld = resolve;
    });
  }

  /** Lets every "hold" generation waiting now finish; later ones wait again. */
  release(): void {
    this.releaseHeld?.();
    this.held = this.newHold();
  }

  async generate(
    request: SongRequest,
    onProgress: (progress: GenerationProgress) => void,
    signal: AbortSignal,
  ): Promise<GeneratedSong> {
    this.requests.push(request);
    const hold = request.tags.includes("hold") ? this.held : null;
    const seconds = Math.min(
      SINE_SONG_MAX_SECONDS,
      songSeconds(request, this.options.seconds ?? SINE_SONG_SECONDS),
    );
    const frames = Math.round(seconds * GENERATOR_SAMPLE_RATE);
    const low = 110 + (request.seed % 220);
    const high = 2 * low + 3;
    const bass = sine(low, frames, 0, 0.3);
    const lead = sine(high, frames, 0, 0.2);
    const mix = sum(bass, lead);
    for (let at = 0, chunk = 0; at < frames; at += GENERATOR_SAMPLE_RATE, chunk++) {
      if (signal.aborted) throw new Error("aborted");
      if (request.tags.includes("fail") && chunk === 1) throw new Error("the fixture was told to fail");
      const end = Math.min(frames, at + GENERATOR_SAMPLE_RATE);
      const piece = mix.slice(at, end);
      onProgress({
        chunk: { sampleRate: GENERATOR_SAMPLE_RATE, channels: [piece, piece.slice()] },
        atSeconds: at / GENERATOR_SAMPLE_RATE,
      });
      if (chunk === 0 && hold) {
        await Promise.race([
          hold,
          new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true })),
        ]);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (request.tags.includes("fail")) throw new Error("the fixture was told to fail");
    const words = request.lyrics
      .replace(/\[[^\]]*\]/g, " ")
      .split(/\s+/)
      .filter(Boolean);
    const alignedWords: AlignedWord[] = [
      ...words.map((word, i) => ({ word, start_s: i * 0.5, end_s: i * 0.5 + 0.4 })),
      ...(this.options.extraWords ?? []),
    ];
    const beat = 60 / SINE_SONG_BPM;
    const downbeats: [number, number][] = [];
    for (let i = 0; i * beat < seconds; i++) downbeats.push([i * beat, (i % 4) + 1]);
    const midi = new tonejsMidi.Midi();
    const track = midi.addTrack();
    track.name = "Bass";
    track.addNote({ midi: 45, time: 0, duration: seconds });
    return {
      mix: { sampleRate: GENERATOR_SAMPLE_RATE, channels: [mix, mix.slice()] },
      stems: [
        { name: "bass", audio: { sampleRate: GENERATOR_SAMPLE_RATE, channels: [bass, bass.slice()] } },
        { name: "lead", audio: { sampleRate: GENERATOR_SAMPLE_RATE, channels: [lead, lead.slice()] } },
      ],
      midi: midi.toArray(),
      alignedWords,
      avgBpm: SINE_SONG_BPM,
      downbeats,
      durationSeconds: frames / GENERATOR_SAMPLE_RATE,
      image: new Uint8Array(PNG),
      lyrics: request.lyrics,
      tags: request.tags,
      title: request.title || `Sine in ${Math.round(low)} Hz`,
      score: null,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.release();
  }
}

// The decoded audio every clip source plays, kept on the page: the engine gets copies (it takes
// ownership of what it is sent), the export renders from these, and the timeline draws waveforms
// from their peak mipmaps, computed once per source with the wasm core.

import {
  buildWaveformPeaks,
  type DspExports,
  type SourceAudio,
  type WaveformPeaks,
} from "../../engine/index.ts";
import type { ClipMidi } from "../midi/clip-midi.ts";

export interface SourcePeaks extends WaveformPeaks {
  readonly sampleRate: number;
  /** The mono signal the peaks summarise: zoomed in past the finest level, columns read it directly. */
  readonly mono: Float32Array;
}

/** Where sources go once decoded: the engine (or nothing, in tests). */
export type SourceSink = (id: string, audio: SourceAudio) => void;

const copyOf = (audio: SourceAudio): SourceAudio => ({
  sampleRate: audio.sampleRate,
  channels: audio.channels.map((channel) => channel.slice()),
});

function monoOf(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0];
  const mono = new Float32Array(channels[0].length);
  const scale = 1 / channels.length;
  for (const channel of channels) for (let i = 0; i < mono.length; i++) mono[i] += channel[i] * scale;
  return mono;
}

export class SourceLibrary {
  private readonly audio = new Map<string, SourceAudio>();
  private readonly peaks = new Map<string, SourcePeaks>();
  private readonly midi = new Map<string, ClipMidi>();
  private readonly missing = new Set<string>();
  private readonly listeners = new Set<() => void>();
  /** Bumped on every change, so drawings can tell cheaply whether to look again. */
  version = 0;

  constructor(
    private readonly dsp: DspExports | null,
    private readonly sink: SourceSink,
  ) {}

  has(id: string): boolean {
    return this.audio.has(id);
  }

  /** A source that will not arrive: its clips are drawn as missing audio, not as loading. */
  markMissing(id: string): void {
    if (this.missing.has(id) || this.audio.has(id)) return;
    this.missing.add(id);
    this.changed();
  }

  isMissing(id: string): boolean {
    return this.missing.has(id) && !this.audio.has(id);
  }

  audioOf(id: string): SourceAudio | undefined {
    return this.audio.get(id);
  }

  peaksOf(id: string): SourcePeaks | undefined {
    return this.peaks.get(id);
  }

  midiOf(id: string): ClipMidi | undefined {
    return this.midi.get(id);
  }

  /** Every source, for an export render. */
  all(): ReadonlyMap<string, SourceAudio> {
    return this.audio;
  }

  add(id: string, audio: SourceAudio, midi?: ClipMidi): void {
    this.audio.set(id, audio);
    if (this.dsp !== null) {
      const mono = monoOf(audio.channels);
      this.peaks.set(id, { ...buildWaveformPeaks(this.dsp, mono), sampleRate: audio.sampleRate, mono });
    }
    if (midi !== undefined) this.midi.set(id, midi);
    this.sink(id, copyOf(audio));
    this.changed();
  }

  /** The same audio under another id, e.g. an upload's once the server has made a song clip of it. */
  alias(id: string, existing: string): void {
    const audio = this.audio.get(existing);
    if (audio === undefined || this.audio.has(id)) return;
    this.audio.set(id, audio);
    const peaks = this.peaks.get(existing);
    if (peaks !== undefined) this.peaks.set(id, peaks);
    const midi = this.midi.get(existing);
    if (midi !== undefined) this.midi.set(id, midi);
    this.sink(id, copyOf(audio));
    this.changed();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

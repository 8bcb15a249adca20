/** What the store needs of the audio engine; absent while the engine loads. */
export interface Transport {
  play(): void;
  stop(): void;
  seek(beats: number): void;
  /** The playhead now, in beats (read from shared memory, not from state). */
  playheadBeats(): number;
  isPlaying(): boolean;
  /** Browsers start audio only from a user gesture. */
  resume(): Promise<void>;
}

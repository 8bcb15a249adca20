/** What the store needs of the audio engine; absent while the engine loads. */
export interface Transport {
  play(): void;
  stop(): void;
  seek(beats: number): void;
  /** Whether the engine plays and where its playhead is, in beats: shared memory, not state. */
  playhead(): { readonly playing: boolean; readonly beats: number };
  /** Browsers start audio only from a user gesture. */
  resume(): Promise<void>;
}

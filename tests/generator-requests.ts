// Song requests for the generator's tests: short songs (seconds, not minutes) so each test is quick.
import type { SongRequest } from "../src/generator/song-request.ts";

export function songRequest(overrides: Partial<SongRequest> = {}): SongRequest {
  return {
    seed: 1234,
    task: "create",
    version: 5,
    title: "Test Song",
    tags: "pop, 120 bpm, in C major",
    negativeTags: "",
    lyrics: "",
    instrumental: true,
    durationSeconds: 12,
    vocalGender: null,
    weirdness: 0.5,
    styleWeight: 0.5,
    audioWeight: 0.5,
    source: null,
    inspirations: [],
    continueAt: null,
    infill: null,
    speed: null,
    history: [],
    remaster: null,
    stem: null,
    ...overrides,
  };
}

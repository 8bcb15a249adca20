// Song requests for the generator's tests and bench: short songs (seconds, not minutes) by default
// so each test is quick; and the generation and byte comparison the end-to-end tests share.
import type { BuiltInGenerator } from "../src/generator/built-in-generator.ts";
import type { GeneratedSong, GenerationProgress } from "../src/generator/generator.ts";
import type { PcmAudio, SongRequest } from "../src/generator/song-request.ts";

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

/** The song and every progress report it streamed, in order. */
export async function generateSong(
  generator: BuiltInGenerator,
  request: SongRequest,
): Promise<{ song: GeneratedSong; progress: GenerationProgress[] }> {
  const progress: GenerationProgress[] = [];
  const song = await generator.generate(request, (p) => progress.push(p), new AbortController().signal);
  return { song, progress };
}

/** The samples' bytes, channel after channel: equal bytes are bit-exact audio. */
export function pcmBytes(audio: PcmAudio): Buffer {
  return Buffer.concat(audio.channels.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength)));
}

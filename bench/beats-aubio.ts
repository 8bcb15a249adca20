// aubio's beat tracker (`aubio beat`, Debian's aubio-tools) on the same recordings, for the beats
// bench's `--aubio`: the audio is written to a temporary 16-bit WAV, aubio prints one beat time a
// line. aubio gives no downbeats.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeWav, type PlanarAudio } from "../src/shared/audio/wav.ts";

/** aubio's beat times for `audio`, in seconds; throws with a hint when aubio is not installed. */
export function aubioBeats(audio: PlanarAudio): number[] {
  const dir = mkdtempSync(join(tmpdir(), "beats-aubio-"));
  try {
    const path = join(dir, "in.wav");
    writeFileSync(path, new Uint8Array(encodeWav(audio, "pcm16")));
    const run = spawnSync("aubio", ["beat", "-i", path], { encoding: "utf8" });
    if (run.error !== undefined || run.status !== 0) {
      throw new Error(
        `aubio beat failed (${run.error?.message ?? run.stderr.trim()}); install it with apt-get install -y aubio-tools`,
      );
    }
    return run.stdout
      .split("\n")
      .map(Number)
      .filter((t) => t > 0 && Number.isFinite(t));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Source analyses kept by the audio they were made of. The studio's context render is analysed as
// soon as it is stored (Generator.prepare), while its generate form is still being filled in, so
// the infill made from it starts composing at once; the several results of one generation share
// their source's analysis instead of each making it again. The analysis is deterministic, so a kept
// one is exactly what analysing again would give.
import { createHash } from "node:crypto";
import type { PcmAudio } from "../song-request.ts";
import type { SourceAnalysis } from "./analyse-source.ts";

/** Analyses kept, the least recently asked for dropped first: a few studio sessions' contexts. */
const KEPT = 8;

/** Names audio by its samples: equal names, equal audio (whatever clip or slice it came from). */
export function audioFingerprint(audio: PcmAudio): string {
  const hash = createHash("sha256").update(`${audio.sampleRate}:${audio.channels.length}:`);
  for (const channel of audio.channels) {
    hash.update(new Uint8Array(channel.buffer, channel.byteOffset, channel.byteLength));
  }
  return hash.digest("base64url");
}

export class AnalysisCache {
  private readonly kept = new Map<string, Promise<SourceAnalysis>>();

  /** `analyse` runs for audio not seen yet; it is not tied to one generation's abort. */
  constructor(private readonly analyse: (audio: PcmAudio) => Promise<SourceAnalysis>) {}

  /** The audio's analysis: the kept one (or the one under way), else a new one. */
  get(audio: PcmAudio): Promise<SourceAnalysis> {
    const key = audioFingerprint(audio);
    const found = this.kept.get(key);
    if (found) {
      this.kept.delete(key);
      this.kept.set(key, found);
      return found;
    }
    const analysis = this.analyse(audio);
    this.kept.set(key, analysis);
    // A failed analysis is not kept: the next ask tries again (and reports its own error).
    analysis.catch(() => {
      if (this.kept.get(key) === analysis) this.kept.delete(key);
    });
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= KEPT) break;
      this.kept.delete(oldest);
    }
    return analysis;
  }

  /** Audio analysed so far and kept (tests). */
  get size(): number {
    return this.kept.size;
  }
}

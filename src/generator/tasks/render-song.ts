// A composed song to sound, streamed: the instrument stems come from the worker threads a chunk
// at a time, the vocals in two parts (a short head, then the rest: see vocal-split.ts), and each
// chunk of their sum (with the bed, a source the song is laid over) is mastered and handed on as
// soon as every stem has reached it.
import type { AlignedWord, GenerationProgress } from "../generator.ts";
import { INSTRUMENT_STEMS, songFrames, songSectionGain } from "../render/render-stems.ts";
import { type SectionGain, sectionLoudnessDrop } from "../render/section-dynamics.ts";
import { STEM_MAX_FRAMES } from "../render/stem-layout.ts";
import type { Score, StemName } from "../score.ts";
import type { PcmAudio } from "../song-request.ts";
import { generatorDsp } from "../workers/generator-dsp.ts";
import type { GeneratorThreads } from "../workers/generator-threads.ts";
import { probeScore, probeSpan } from "./loudness-probe.ts";
import { frameCount, sliceAudio } from "./splice.ts";
import { stemGroups } from "./stem-groups.ts";
import { mastersGains, StreamingMaster } from "./streaming-master.ts";
import { vocalSplitBeat, vocalsBetween } from "./vocal-split.ts";

/** About a second at 48 kHz, in whole renderer blocks (chunks then equal a whole render). */
const CHUNK_FRAMES = 6 * STEM_MAX_FRAMES;

export interface SongRenderOptions {
  /** The stems to render (all five by default); vocals of a score without them are silence. */
  readonly stems?: readonly StemName[];
  /** Audio the song is laid over: the output is in its timeline, the score's time 0 at `offset` frames in it. */
  readonly bed?: { readonly audio: PcmAudio; readonly offset: number } | null;
  /** false: the premaster as is (a stem on its own is not mastered). */
  readonly master?: boolean;
  /**
   * The score whose loudness sets the master's gains (the song's own by default): an extend or an
   * infill takes its source's, so that the audio on both sides of a join is mastered alike.
   */
  readonly gainsFrom?: Score;
  readonly onProgress?: (progress: GenerationProgress) => void;
  readonly signal: AbortSignal;
}

export interface RenderedSong {
  /** Each rendered stem in the score's timeline, songFrames long. */
  readonly stems: { readonly name: StemName; readonly audio: PcmAudio }[];
  /** In the bed's timeline when there is one, else the score's. */
  readonly mix: PcmAudio;
  /** In the score's timeline. */
  readonly alignedWords: AlignedWord[];
}

/** Adds `audio` (from its frame `from` on; stereo, or mono on both sides) into `into`, as far as both reach. */
function addInto(into: readonly Float32Array[], audio: PcmAudio | null, from: number): void {
  if (!audio) return;
  for (let c = 0; c < 2; c++) {
    const to = into[c];
    const channel = audio.channels[Math.min(c, audio.channels.length - 1)];
    const start = Math.max(0, -from);
    const end = Math.min(to.length, channel.length - from);
    for (let i = start; i < end; i++) to[i] += channel[from + i];
  }
}

/** Adds the sung part of `vocals` (from its first sound to its last) into `into`, repeated to fill it. */
function addVocalStandIn(into: readonly Float32Array[], vocals: PcmAudio | null): void {
  if (!vocals) return;
  const [left] = vocals.channels;
  let first = 0;
  while (first < left.length && left[first] === 0) first++;
  let last = left.length;
  while (last > first && left[last - 1] === 0) last--;
  for (let at = 0; last > first && at < into[0].length; at += last - first) {
    addInto(
      into.map((channel) => channel.subarray(at, at + last - first)),
      vocals,
      first,
    );
  }
}

const stereo = (frames: number) => [new Float32Array(frames), new Float32Array(frames)];

/**
 * The sung parts' sum over `into` (the score's frames from `from` on), at the section's level: the
 * singer is peak-normalised, so the section curve is laid on here, as on the instrument stems.
 */
function addVocals(
  into: readonly Float32Array[],
  parts: readonly ({ audio: PcmAudio } | null)[],
  from: number,
  sections: SectionGain,
): void {
  const vocals = stereo(into[0].length);
  for (const part of parts) addInto(vocals, part?.audio ?? null, from);
  sections.apply(vocals[0], vocals[1], vocals[0].length, from);
  addInto(into, { sampleRate: 0, channels: vocals }, 0);
}

export function renderSong(
  threads: GeneratorThreads,
  score: Score,
  sampleRate: number,
  options: SongRenderOptions,
): Promise<RenderedSong> {
  const wanted = options.stems ?? ["drums", "bass", "chords", "lead", "vocals"];
  const frames = songFrames(score, sampleRate);
  const bed = options.bed ?? null;
  const offset = bed?.offset ?? 0;
  const length = bed ? frameCount(bed.audio) : frames;
  const instruments = INSTRUMENT_STEMS.filter((stem) => wanted.includes(stem));
  const sings = wanted.includes("vocals");
  const singing = sings && score.vocals !== null && score.vocals.notes.length > 0;
  const stemAudio = new Map(instruments.map((stem) => [stem, stereo(frames)]));
  const reached = new Map(instruments.map((stem) => [stem, 0]));
  const mix = stereo(length);
  // One failure stops the song's other jobs.
  const stop = new AbortController();
  const signal = AbortSignal.any([options.signal, stop.signal]);

  const vocalSections = songSectionGain(score, sampleRate, "vocals");
  const split = singing ? vocalSplitBeat(score) : null;
  const splitFrame = split === null ? frames : Math.round((split * 60 * sampleRate) / score.bpm);
  /** The head and the rest, in that order whichever comes in first (sums are then the same to the bit). */
  const vocalParts: ({ audio: PcmAudio; alignedWords: AlignedWord[] } | null)[] = [null, null];
  /** Score frames before which the vocals are final. */
  let vocalsReach = singing ? 0 : frames;
  let master: StreamingMaster | null = null;
  let gainsDone = options.master === false;
  let pushed = 0;
  let emitted = 0;

  const emit = (audio: PcmAudio) => {
    const n = frameCount(audio);
    mix[0].set(audio.channels[0], emitted);
    mix[1].set(audio.channels[1], emitted);
    if (n > 0) {
      const chunk = sliceAudio({ sampleRate, channels: mix }, emitted, emitted + n);
      options.onProgress?.({ chunk, atSeconds: emitted / sampleRate });
    }
    emitted += n;
  };

  let failed = false;
  /** Masters and hands on every whole chunk that all stems have reached. */
  const pump = () => {
    if (!gainsDone || failed) return;
    let ready = vocalsReach < frames ? Math.min(length, vocalsReach + offset) : length;
    for (const stem of instruments) {
      const at = reached.get(stem) ?? 0;
      if (at < frames) ready = Math.min(ready, at + offset);
    }
    while (pushed < length && (pushed + CHUNK_FRAMES <= ready || ready === length)) {
      const end = Math.min(length, pushed + CHUNK_FRAMES);
      const chunk = stereo(end - pushed);
      for (const stem of instruments)
        addInto(chunk, { sampleRate, channels: stemAudio.get(stem) ?? [] }, pushed - offset);
      if (singing) addVocals(chunk, vocalParts, pushed - offset, vocalSections);
      addInto(chunk, bed?.audio ?? null, pushed);
      const premaster = { sampleRate, channels: chunk };
      emit(master ? master.push(premaster) : premaster);
      pushed = end;
    }
    if (pushed === length && master) {
      emit(master.finish());
      master = null;
    }
  };

  const decideGains = async () => {
    if (gainsDone) return;
    const probed = options.gainsFrom ?? score;
    const span = probeSpan(probed);
    const spanFrom = Math.round((span.start * 60 * sampleRate) / probed.bpm);
    const spanFrames = Math.max(1, Math.round(((span.end - span.start) * 60 * sampleRate) / probed.bpm));
    const probe = stereo(spanFrames);
    if (instruments.length > 0) {
      addInto(probe, await threads.probe(probeScore(probed, span), instruments, sampleRate, signal), 0);
    }
    // The vocals of the loudest section are not sung yet: the head's stand in for them (the singer
    // is peak-normalised, so a verse's phrase sounds about as loud as the chorus's).
    addVocalStandIn(probe, (await head)?.audio ?? null);
    addInto(probe, bed?.audio ?? null, spanFrom + offset);
    const gains = mastersGains(
      generatorDsp(),
      { sampleRate, channels: probe },
      sectionLoudnessDrop(probed),
    ) ?? {
      chainGain: 1,
      outputGain: 1,
    };
    master = new StreamingMaster(generatorDsp(), sampleRate, gains);
    gainsDone = true;
    pump();
  };

  let headDone = false;
  let restDone = split === null;
  const singPart = async (from: number, to: number) => {
    const part = await threads.vocals(vocalsBetween(score, from, to), sampleRate, signal);
    vocalParts[from === 0 ? 0 : 1] = part;
    if (from === 0) headDone = true;
    else restDone = true;
    if (headDone) vocalsReach = restDone ? frames : splitFrame;
    pump();
    return part;
  };

  // Queued in this order, so that with one thread the first chunk waits for as little as can be.
  const head = singing ? singPart(0, split ?? Number.POSITIVE_INFINITY) : null;
  const gains = decideGains();
  const stems = stemGroups(instruments, Math.max(1, threads.size - (singing ? 1 : 0))).map((group) =>
    threads.stems(
      score,
      group,
      sampleRate,
      CHUNK_FRAMES,
      ({ stem, from, audio }) => {
        const into = stemAudio.get(stem);
        audio.channels.forEach((channel, c) => {
          into?.[c].set(channel, from);
        });
        reached.set(stem, from + frameCount(audio));
        pump();
      },
      signal,
    ),
  );
  const rest = singing && split !== null ? singPart(split, Number.POSITIVE_INFINITY) : null;

  return Promise.all([head, gains, ...stems, rest])
    .then(() => {
      pump();
      if (emitted !== length) throw new Error(`The song's mix stopped at ${emitted} of ${length} frames`);
      const rendered: RenderedSong["stems"] = instruments.map((name) => ({
        name,
        audio: { sampleRate, channels: stemAudio.get(name) ?? [] },
      }));
      if (sings) {
        // Summed and shaped in place, in the order addVocals does it, so the stem is the mix's vocals to the bit.
        const vocals = stereo(frames);
        for (const part of vocalParts) addInto(vocals, part?.audio ?? null, 0);
        vocalSections.apply(vocals[0], vocals[1], frames, 0);
        rendered.push({ name: "vocals", audio: { sampleRate, channels: vocals } });
      }
      const alignedWords = vocalParts.flatMap((part) => part?.alignedWords ?? []);
      return { stems: rendered, mix: { sampleRate, channels: mix }, alignedWords };
    })
    .catch((error: unknown) => {
      // Jobs already in flight may still answer: nothing more is mixed or handed on.
      failed = true;
      stop.abort(error);
      (master as StreamingMaster | null)?.release();
      throw error;
    });
}

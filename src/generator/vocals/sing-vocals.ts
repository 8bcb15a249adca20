// The vocal stem: the lyrics spoken word by word by eSpeak-NG at a fixed pitch (on its own thread),
// each word cut into the composer's syllables, its consonants raised, and each syllable sung onto
// its notes by the DSP core's PSOLA: consonants keep their length, the vowel fills the note. The
// pitch is performed (sung-contour.ts: scoops, overshoot, drift, a vibrato growing on long notes),
// a phrase is sung legato and starts with a breath (phrasing.ts, breaths.ts). Still a synthetic
// voice: the UI calls it "synth vocals".
import type { AlignedWord } from "../generator.ts";
import type { Score } from "../score.ts";
import type { PcmAudio } from "../song-request.ts";
import { generatorDsp } from "../workers/generator-dsp.ts";
import { addBreath } from "./breaths.ts";
import { emphasiseConsonants } from "./consonant-emphasis.ts";
import { phrasing } from "./phrasing.ts";
import { PsolaSinger, type SingingStyle } from "./psola-singer.ts";
import { speakWords } from "./speech-workers.ts";
import { CONTOUR_STEP_SECONDS, performNotes } from "./sung-contour.ts";
import { type SungWord, sungWords } from "./sung-syllables.ts";
import { type SyllableSpan, splitSyllables } from "./syllable-split.ts";
import { resampleWords } from "./word-resampling.ts";

/**
 * The DSP core's own glide and vibrato are off: the performed pitch (sung-contour.ts) is traced in
 * steps. Its envelopes stay: the attack and release of each syllable (a legato one overlaps the next
 * by its release, see phrasing.ts).
 */
export const SINGING: SingingStyle = {
  glideSeconds: 0,
  vibratoRateHz: 0,
  vibratoDepthCents: 0,
  vibratoDelaySeconds: 0,
  vibratoRampSeconds: 0,
  vibratoMinNoteSeconds: 0,
  attackSeconds: 0.012,
  releaseSeconds: 0.04,
};

/**
 * eSpeak's variant and pitch per singer, and the f0 it then speaks at (measured): the source is
 * kept low in the singer's range so that PSOLA mostly shifts up, which keeps the formants whole.
 */
export const SPEAKERS = {
  m: { variant: "m3", pitch: 70, hz: 114 },
  f: { variant: "f3", pitch: 60, hz: 190 },
} as const;

/** Words per minute: a little brisker than eSpeak's 175, for sung consonants. */
const SPEECH_RATE = 190;
/** The stem's peak stays below this (-1 dBFS) whatever the notes' velocities. */
const PEAK_CEILING = 0.89;

/** The word as eSpeak is given it: letters, digits and apostrophes only, so no markup reaches it. */
function spokenText(word: string): string {
  return word
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'’]+/gu, " ")
    .trim();
}

function silence(frames: number, sampleRate: number): PcmAudio {
  return { sampleRate, channels: [new Float32Array(frames), new Float32Array(frames)] };
}

function alignedWords(
  words: readonly string[],
  sung: readonly SungWord[],
  secondsPerBeat: number,
): AlignedWord[] {
  return sung.map(({ word, syllables }) => {
    const first = syllables[0].notes[0];
    const lastNotes = syllables[syllables.length - 1].notes;
    const last = lastNotes[lastNotes.length - 1];
    return {
      word: words[word],
      start_s: first.start * secondsPerBeat,
      end_s: (last.start + last.duration) * secondsPerBeat,
    };
  });
}

export async function singVocals(
  score: Score,
  sampleRate: number,
  signal?: AbortSignal,
): Promise<{ audio: PcmAudio; alignedWords: AlignedWord[] }> {
  const secondsPerBeat = 60 / score.bpm;
  const frames = Math.ceil(score.lengthBeats * secondsPerBeat * sampleRate);
  const vocals = score.vocals;
  if (!vocals || vocals.notes.length === 0) return { audio: silence(frames, sampleRate), alignedWords: [] };
  for (const note of vocals.notes) {
    if (!(note.word >= 0 && note.word < vocals.words.length)) {
      throw new RangeError(`a vocal note points at word ${note.word} of ${vocals.words.length}`);
    }
  }

  const sung = sungWords(vocals.notes);
  const texts: string[] = [];
  const textIndex = new Map<string, number>();
  for (const { word } of sung) {
    const text = spokenText(vocals.words[word]);
    if (!textIndex.has(text)) {
      textIndex.set(text, texts.length);
      texts.push(text);
    }
  }
  const speaker = SPEAKERS[vocals.gender];
  const speech = await speakWords(
    {
      voice: `${vocals.voice}+${speaker.variant}`,
      pitch: speaker.pitch,
      rate: SPEECH_RATE,
      seed: score.seed,
      words: texts,
    },
    signal,
  );
  signal?.throwIfAborted();

  const dsp = generatorDsp();
  const resampled = resampleWords(
    dsp,
    speech.words.map((word) => word.samples),
    speech.sampleRate,
    sampleRate,
  );
  const spoken = speech.words.map((word, i) => ({
    ...word,
    samples: emphasiseConsonants(word, resampled[i], sampleRate),
  }));
  const toFrames = (beats: number) => Math.round(beats * secondsPerBeat * sampleRate);
  const plan = phrasing(sung, toFrames, frames, sampleRate);
  const step = Math.round(CONTOUR_STEP_SECONDS * sampleRate);
  const mono = new Float32Array(frames);
  for (const at of plan.breaths) addBreath(mono, at, sampleRate, score.seed);
  const singer = new PsolaSinger(
    dsp,
    sampleRate,
    spoken.reduce((most, word) => Math.max(most, word.samples.length), 1),
    plan.syllables.reduce((most, s) => Math.max(most, s.length), 1),
    plan.syllables.reduce((most, s) => Math.max(most, Math.ceil(s.length / step) + s.notes.length + 1), 1),
    SINGING,
  );
  try {
    // Each word's period, measured the first time it is sung (NaN until then, 0 when it has none).
    const periods = spoken.map(() => Number.NaN);
    // The syllables of the word loaded last (none when it has no voiced period).
    let loaded = -1;
    let spans: SyllableSpan[] = [];
    for (const syllable of plan.syllables) {
      const { word, syllables } = sung[syllable.word];
      if (loaded !== syllable.word) {
        const index = textIndex.get(spokenText(vocals.words[word])) as number;
        const source = spoken[index];
        periods[index] = singer.load(source.samples, speaker.hz / 1.4, speaker.hz * 1.4, periods[index]);
        loaded = syllable.word;
        spans = periods[index] !== 0 ? splitSyllables(source, syllables.length) : [];
      }
      const span = spans[syllable.index];
      if (!span) continue;
      const out = singer.sing(
        {
          start: span.start * sampleRate,
          vowelStart: span.vowelStart * sampleRate,
          vowelEnd: span.vowelEnd * sampleRate,
          end: span.end * sampleRate,
        },
        performNotes(
          syllable.notes,
          syllable.glideFrom,
          syllable.length,
          syllable.start,
          sampleRate,
          score.seed,
        ),
        0,
        syllable.length,
        syllable.gain,
      );
      for (let i = 0; i < out.length; i++) mono[syllable.start + i] += out[i];
    }
  } finally {
    singer.destroy();
  }

  let peak = 0;
  for (let i = 0; i < frames; i++) peak = Math.max(peak, Math.abs(mono[i]));
  const gain = peak * vocals.gain > PEAK_CEILING ? PEAK_CEILING / peak : vocals.gain;
  for (let i = 0; i < frames; i++) mono[i] *= gain;
  return {
    audio: { sampleRate, channels: [mono, mono.slice()] },
    alignedWords: alignedWords(vocals.words, sung, secondsPerBeat),
  };
}

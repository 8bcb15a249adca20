// The vocal stem: the lyrics spoken word by word by eSpeak-NG at a fixed pitch (on its own thread),
// each word cut into the composer's syllables, and each syllable sung onto its notes by the DSP
// core's PSOLA: consonants keep their length, the vowel fills the note, with portamento between
// legato notes and vibrato on long ones. A robotic, vocoder-like voice: the UI calls it "synth vocals".
import type { AlignedWord } from "../generator.ts";
import type { Score } from "../score.ts";
import type { PcmAudio } from "../song-request.ts";
import { generatorDsp } from "../workers/generator-dsp.ts";
import { PsolaSinger, type SingingStyle } from "./psola-singer.ts";
import { speakWords } from "./speech-workers.ts";
import { type SungWord, sungWords } from "./sung-syllables.ts";
import { splitSyllables } from "./syllable-split.ts";
import { resampleWords } from "./word-resampling.ts";

export const SINGING: SingingStyle = {
  glideSeconds: 0.06,
  vibratoRateHz: 5.5,
  vibratoDepthCents: 25,
  vibratoDelaySeconds: 0.35,
  vibratoRampSeconds: 0.25,
  vibratoMinNoteSeconds: 0.6,
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
/** A note starting within this of the last one's end is sung legato: its pitch glides in. */
const LEGATO_SECONDS = 0.1;
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
  const spoken = speech.words.map((word, i) => ({ ...word, samples: resampled[i] }));
  const toFrames = (beats: number) => Math.round(beats * secondsPerBeat * sampleRate);
  let longestSyllable = 1;
  let mostNotes = 1;
  for (const { syllables } of sung) {
    for (const { notes } of syllables) {
      const last = notes[notes.length - 1];
      longestSyllable = Math.max(
        longestSyllable,
        toFrames(last.start + last.duration) - toFrames(notes[0].start),
      );
      mostNotes = Math.max(mostNotes, notes.length);
    }
  }
  const mono = new Float32Array(frames);
  const singer = new PsolaSinger(
    dsp,
    sampleRate,
    spoken.reduce((most, word) => Math.max(most, word.samples.length), 1),
    longestSyllable,
    mostNotes,
    SINGING,
  );
  try {
    // Each word's period, measured the first time it is sung (NaN until then, 0 when it has none).
    const periods = spoken.map(() => Number.NaN);
    let previous: { end: number; pitch: number } | null = null;
    for (const { word, syllables } of sung) {
      const index = textIndex.get(spokenText(vocals.words[word])) as number;
      const source = spoken[index];
      periods[index] = singer.load(source.samples, speaker.hz / 1.4, speaker.hz * 1.4, periods[index]);
      if (periods[index] === 0) continue;
      const spans = splitSyllables(source, syllables.length);
      syllables.forEach(({ notes }, j) => {
        const start = toFrames(notes[0].start);
        const last = notes[notes.length - 1];
        const length = Math.min(toFrames(last.start + last.duration), frames) - start;
        if (length <= 0) return;
        const legato = previous !== null && previous.end >= start - LEGATO_SECONDS * sampleRate;
        const span = spans[j];
        const out = singer.sing(
          {
            start: span.start * sampleRate,
            vowelStart: span.vowelStart * sampleRate,
            vowelEnd: span.vowelEnd * sampleRate,
            end: span.end * sampleRate,
          },
          notes.map((note) => ({
            start: toFrames(note.start) - start,
            end: toFrames(note.start + note.duration) - start,
            midi: note.pitch,
          })),
          legato && previous ? previous.pitch : 0,
          length,
          // The composer accents with velocities about 0.8: that is unity gain.
          notes[0].velocity / 0.8,
        );
        for (let i = 0; i < out.length; i++) mono[start + i] += out[i];
        previous = { end: start + length, pitch: last.pitch };
      });
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

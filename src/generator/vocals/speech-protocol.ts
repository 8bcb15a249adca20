// What the singer asks the eSpeak thread for, and what it gets back: each word spoken alone at a
// fixed pitch, with its phonemes' timings.

export interface SpeechRequest {
  /** eSpeak-NG voice and variant, e.g. "en-us+m3". */
  readonly voice: string;
  /** eSpeak's pitch (0..100) and speed (words per minute); the pitch range is 0, a monotone. */
  readonly pitch: number;
  readonly rate: number;
  /** Fixes eSpeak's clock and random numbers for the song. */
  readonly seed: number;
  readonly words: readonly string[];
}

export interface SpokenPhoneme {
  /** eSpeak's IPA name, stress marks included ("ˈoʊ"). */
  readonly name: string;
  /** Seconds from the word audio's start. */
  readonly start: number;
}

export interface SpokenWord {
  /** Mono at SpeechResult.sampleRate. */
  readonly samples: Float32Array;
  /** In order; the last one ends where the audio does (or at the pause eSpeak puts after the word). */
  readonly phonemes: readonly SpokenPhoneme[];
  /** Seconds: where the word's last phoneme ends. */
  readonly end: number;
}

export interface SpeechResult {
  readonly sampleRate: number;
  readonly words: readonly SpokenWord[];
  /** The size of the eSpeak instance's memory after the song: the thread is replaced when it grows too big. */
  readonly heapBytes: number;
}

/** The built-in generator's voice is eSpeak-NG through PSOLA: the page says so rather than promise a singer. */
export const SYNTH_VOCALS_NOTE =
  "With the built-in generator, songs are sung with synth vocals: a robotic, vocoder-style voice.";

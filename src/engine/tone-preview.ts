import { createToneNode, stopToneNode, type ToneSettings } from "./tone.ts";

const FADE_OUT_SECONDS = 0.03;

export interface TonePreview {
  /** Taps the output after the fade gain, for a level display. */
  readonly analyser: AnalyserNode;
  /** Fades out over 30 ms so stopping never clicks, then ends the processor. */
  stop(): Promise<void>;
}

/** Plays the wasm tone on a realtime context's speakers. */
export async function startTonePreview(context: AudioContext, settings: ToneSettings): Promise<TonePreview> {
  const tone = await createToneNode(context, settings);
  const fade = new GainNode(context);
  const analyser = new AnalyserNode(context, { fftSize: 2048 });
  tone.connect(fade).connect(analyser).connect(context.destination);
  return {
    analyser,
    async stop() {
      const now = context.currentTime;
      fade.gain.setValueAtTime(fade.gain.value, now);
      fade.gain.linearRampToValueAtTime(0, now + FADE_OUT_SECONDS);
      await new Promise((resolve) => setTimeout(resolve, FADE_OUT_SECONDS * 1000 + 20));
      stopToneNode(tone);
      analyser.disconnect();
    },
  };
}

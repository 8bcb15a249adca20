// Lining a recording up with what was heard. The engine publishes the timeline frame heard at each
// context frame; the input reaches the recorder a round trip later (output device, air or cable,
// input device), measured once per device with a click. A recorded sample at context frame c was
// therefore played against timeline frame c + offset - roundTrip.

/** The click's onset: the first sample reaching this share of the loudest one after it. */
const ONSET_SHARE = 0.3;
/** Below this peak nothing was heard: no onset (a muted input, a microphone far from the speaker). */
const ONSET_FLOOR = 0.01;

/** Index of the first sample at or after `from` whose level reaches the onset threshold, or null. */
export function findOnset(samples: Float32Array, from = 0): number | null {
  let peak = 0;
  for (let i = Math.max(0, from); i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]));
  if (peak < ONSET_FLOOR) return null;
  const threshold = peak * ONSET_SHARE;
  for (let i = Math.max(0, from); i < samples.length; i++) {
    if (Math.abs(samples[i]) >= threshold) return i;
  }
  return null;
}

/** The round trip in frames: from the frame a click left the page to the frame its onset came back. */
export const roundTripFrames = (clickContextFrame: number, onsetContextFrame: number): number =>
  onsetContextFrame - clickContextFrame;

/**
 * What the browser says the round trip is, for a device not measured yet (or whose click was not
 * heard): the output's latencies plus the input track's own, in frames.
 */
export function reportedRoundTripFrames(
  sampleRate: number,
  latencies: { readonly base: number; readonly output: number; readonly input: number },
): number {
  return Math.round((latencies.base + latencies.output + latencies.input) * sampleRate);
}

/** The timeline frame a recorded sample was played against. */
export const heardTimelineFrame = (contextFrame: number, timelineOffset: number, roundTrip: number): number =>
  contextFrame + timelineOffset - roundTrip;

export interface TakeSpan {
  /** Samples to drop from the take's start: they would lie before the timeline's start. */
  readonly skip: number;
  /** The timeline frame of the first kept sample. */
  readonly startFrame: number;
}

/** Where a take whose first sample was recorded at this context frame goes on the timeline. */
export function placeTake(firstContextFrame: number, timelineOffset: number, roundTrip: number): TakeSpan {
  const start = heardTimelineFrame(firstContextFrame, timelineOffset, roundTrip);
  const skip = start < 0 ? Math.ceil(-start) : 0;
  return { skip, startFrame: start + skip };
}

// The record button's rules. Recording starts only from Ready; it prepares (opens the input,
// measures the device once, starts playback), records while playing, and goes back to Ready when
// stopped, when playback stops, or when preparing fails.

export type RecordStage = "ready" | "preparing" | "recording";

export type RecordEvent = "start" | "capturing" | "stop" | "fail";

export const ALREADY_RECORDING_MESSAGE = "Already recording.";
export const LOOPING_MESSAGE = "Turn looping off to record.";
export const NO_ARMED_TRACK_MESSAGE = "Arm a track to record onto it.";

export interface RecordContext {
  readonly stage: RecordStage;
  readonly looping: boolean;
  readonly armedTracks: number;
}

/** Why pressing Record does nothing now, or null when it may start. */
export function startRefusal({ stage, looping, armedTracks }: RecordContext): string | null {
  if (stage !== "ready") return ALREADY_RECORDING_MESSAGE;
  if (looping) return LOOPING_MESSAGE;
  if (armedTracks === 0) return NO_ARMED_TRACK_MESSAGE;
  return null;
}

/** The stage after an event; events that do not apply leave it as it is. */
export function nextStage(stage: RecordStage, event: RecordEvent): RecordStage {
  switch (event) {
    case "start":
      return stage === "ready" ? "preparing" : stage;
    case "capturing":
      return stage === "preparing" ? "recording" : stage;
    case "stop":
    case "fail":
      return "ready";
  }
}

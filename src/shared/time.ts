// Times are typed so that beats, seconds and frames never mix silently:
// a plain number must be wrapped on purpose, and converting needs a tempo map or a sample rate.

declare const unit: unique symbol;
type Unit<Name extends string> = number & { readonly [unit]: Name };

/** Musical time: quarter-note beats from the project start. */
export type Beats = Unit<"beats">;
/** Wall-clock time in seconds. */
export type Seconds = Unit<"seconds">;
/** Sample frames at some sample rate (always say which). */
export type Frames = Unit<"frames">;

export const beats = (value: number): Beats => value as Beats;
export const seconds = (value: number): Seconds => value as Seconds;
export const frames = (value: number): Frames => value as Frames;

export const secondsToFrames = (time: Seconds, sampleRate: number): Frames => frames(time * sampleRate);
export const framesToSeconds = (time: Frames, sampleRate: number): Seconds => seconds(time / sampleRate);

// The beats of an edited song, from its source's analysed beats: an edit moves audio in time but
// makes none, so the beats heard in the new song are the source's, moved with the audio. Carried
// over, they are not analysed again (which would cost a second or more of a 3-minute song and could
// land a few milliseconds elsewhere than the beats the user already warped to).

import type { SongRequest } from "../song-request.ts";

export interface EditedBeats {
  readonly bpm: number;
  /** [seconds in the new song, beat number in its bar]. */
  readonly downbeats: readonly (readonly [number, number])[];
}

type Analysis = NonNullable<SongRequest["analysis"]>;

const within = (beats: Analysis["downbeats"], from: number, to: number) =>
  beats.filter(([t]) => t >= from && t < to);

/** A fade keeps every beat where it was. */
export function fadedBeats(source: Analysis, durationSeconds: number): EditedBeats {
  return { bpm: source.bpm, downbeats: within(source.downbeats, 0, durationSeconds) };
}

/**
 * A crop keeping [start, end) moves those beats back by start; one removing it keeps the beats
 * before and moves the beats after back by its length.
 */
export function croppedBeats(source: Analysis, start: number, end: number, remove: boolean): EditedBeats {
  const downbeats = remove
    ? [
        ...within(source.downbeats, 0, start),
        ...within(source.downbeats, end, Number.POSITIVE_INFINITY).map(([t, n]): [number, number] => [
          t - (end - start),
          n,
        ]),
      ]
    : within(source.downbeats, start, end).map(([t, n]): [number, number] => [t - start, n]);
  return { bpm: source.bpm, downbeats };
}

/** The whole song at `multiplier` times the speed: every beat comes sooner by that factor. */
export function spedUpBeats(source: Analysis, multiplier: number): EditedBeats {
  return {
    bpm: source.bpm * multiplier,
    downbeats: source.downbeats.map(([t, n]): [number, number] => [t / multiplier, n]),
  };
}

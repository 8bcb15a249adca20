import { z } from "zod";

/**
 * Not in the spec: positions and lengths in beats, and times in seconds, stay within a million
 * either way (days of music at any tempo the state allows), so whatever a state holds turns into
 * finite frame positions in the engine.
 */
export const BEATS_LIMIT = 1_000_000;
export const SECONDS_LIMIT = 1_000_000;

const within = (limit: number, unit: string) =>
  z
    .number()
    .min(-limit, `must be at least -${limit.toLocaleString("en")} ${unit}`)
    .max(limit, `must be at most ${limit.toLocaleString("en")} ${unit}`);

/** A position on a timeline or in a clip's content, in beats. */
export const beatsPosition = () => within(BEATS_LIMIT, "beats");
/** A length in beats (fades, trims). */
export const beatsLength = () => beatsPosition().min(0);
/** A time in seconds (of a clip's source audio). */
export const secondsPosition = () => within(SECONDS_LIMIT, "seconds");

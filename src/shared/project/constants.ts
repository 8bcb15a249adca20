// Defaults and limits of the studio model. Where a number is our own choice, its comment says so.

export const DEFAULT_PROJECT_TITLE = "Untitled Project";
export const DEFAULT_CLIP_NAME = "New Clip";
/** Ours: nothing names a default track, so new tracks follow "New Clip". */
export const DEFAULT_TRACK_NAME = "New Track";

/** Fallback tempo, used when the timing has no usable bps and no automation. */
export const DEFAULT_BPS = 2;

/**
 * Not in the spec: the tempos a state may hold, in beats per second (6 to 1,200 BPM), well around
 * the studio's 20 to 400 BPM, so a stored or sent tempo always gives finite frame positions.
 */
export const BPS_MIN = 0.1;
export const BPS_MAX = 20;

/** As many tracks as the audio engine has track slots. */
export const MAX_PROJECT_TRACKS = 256;

export const DEFAULT_SONG_LENGTH_BEATS = 240;
export const DEFAULT_LOOP_END_BEATS = 32;
/** Length given to a clip whose audio duration is not known yet. */
export const DEFAULT_CLIP_LENGTH_BEATS = 960;

/** Faders (master, track, clip and metronome amplitude) are linear gains clamped to 0..1. */
export const FADER_MIN = 0;
export const FADER_MAX = 1;
export const DEFAULT_AMPLITUDE = 1;
/** Ours: half the fader, so the click sits under the music. */
export const DEFAULT_METRONOME_AMPLITUDE = 0.5;

export const BALANCE_MIN = -1;
export const BALANCE_MAX = 1;

export const TRACK_HEIGHT_DEFAULT = 88;
export const TRACK_HEIGHT_MIN = 32;

/** Semitones. */
export const TRANSPOSITION_MIN = -24;
export const TRANSPOSITION_MAX = 24;

/** Warp speed, also the default speed of a track's clips. */
export const DEFAULT_SPEED = 1;
export const WARP_SPEED_MIN = 1 / 128;
export const WARP_SPEED_MAX = 128;

/** The icon picker's names, in their fixed order; "Audio" is the default. */
export const TRACK_ICONS = [
  "Audio",
  "Synth",
  "Brass",
  "FX",
  "Backing Vocals",
  "Strings",
  "Bass",
  "Drums",
  "Woodwinds",
  "Percussion",
  "Keyboard",
  "Guitar",
  "Vocals",
  "Music",
  "Double Music",
  "Noggin",
  "Mirth",
  "Stun",
  "Twinkle",
  "Wicka Wicka",
] as const;

/** Ours (the colour picker has no palette): a neutral indigo. */
export const DEFAULT_TRACK_COLOR = "#6e7bf2";

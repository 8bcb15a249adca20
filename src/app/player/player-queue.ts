// The global player's rules as pure functions of its state: the queue and where it stands, repeat,
// shuffle, continuous play, mute and volume, preview clips and the recently played list. The bar
// and the song lists only call these; the <audio> element follows the state they return.

/** What the queue needs of a song: its id, and how much of it a listener may hear. */
export interface QueueClip {
  readonly id: string;
  /** A preview clip stops here; 0 means it is not played at all; null is the whole song. */
  readonly preview_seconds: number | null;
}

export type RepeatMode = "off" | "all" | "one";

/** Where the queue came from: a workspace's list, the library, a persona's songs... */
export interface QueueContext {
  readonly type: string;
  readonly id: string | null;
}

/** Default playback volume. */
export const DEFAULT_VOLUME = 0.8;
/** Unmuting while the volume is zero gives this volume, so unmuting is always heard. */
export const UNMUTE_VOLUME = 0.6;
/** Step back past this many seconds restarts the song; before it, goes to the previous song. */
export const STEP_BACK_RESTART_S = 3;
/** How many recently played song ids are kept. */
export const RECENTLY_PLAYED_LIMIT = 50;

export interface PlayerQueueState<C extends QueueClip = QueueClip> {
  /** The songs in list order. */
  readonly clips: readonly C[];
  /** The play order: indexes into `clips`; the list order unless shuffled. */
  readonly order: readonly number[];
  /** Where in `order` the current song is; -1 when nothing is queued. */
  readonly position: number;
  readonly context: QueueContext | null;
  readonly playing: boolean;
  readonly repeat: RepeatMode;
  readonly shuffle: boolean;
  /** On a song's end, go on to the next one. */
  readonly continuous: boolean;
  readonly volume: number;
  readonly muted: boolean;
  /**
   * Counts starts from the beginning of a song (a play counted): the element seeks to 0 and plays
   * whenever it changes, also when the same song restarts.
   */
  readonly starts: number;
  /** Newest first, no repeats. */
  readonly recentlyPlayed: readonly string[];
}

export const emptyQueue = <C extends QueueClip>(): PlayerQueueState<C> => ({
  clips: [],
  order: [],
  position: -1,
  context: null,
  playing: false,
  repeat: "off",
  shuffle: false,
  continuous: true,
  volume: DEFAULT_VOLUME,
  muted: false,
  starts: 0,
  recentlyPlayed: [],
});

/** A clip with preview_seconds 0 has nothing a listener may hear: the queue passes over it. */
export const isQueuePlayable = (clip: QueueClip): boolean => clip.preview_seconds !== 0;

export function currentClip<C extends QueueClip>(state: PlayerQueueState<C>): C | undefined {
  const index = state.order[state.position];
  return index === undefined ? undefined : state.clips[index];
}

/** The effective volume the element gets. */
export const audibleVolume = (state: PlayerQueueState): number => (state.muted ? 0 : state.volume);

/** A random order of `count` indexes with `first` first (when given): each index exactly once. */
export function shuffledOrder(count: number, first: number | null, random: () => number): number[] {
  const rest = Array.from({ length: count }, (_, index) => index).filter((index) => index !== first);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j] as number, rest[i] as number];
  }
  return first === null ? rest : [first, ...rest];
}

const listOrder = (count: number): number[] => Array.from({ length: count }, (_, index) => index);

/** Starts the song at `position` of the play order from its beginning, counting a play. */
export function started<C extends QueueClip>(
  state: PlayerQueueState<C>,
  position: number,
): PlayerQueueState<C> {
  const next = { ...state, position, playing: true, starts: state.starts + 1 };
  const clip = currentClip(next);
  if (clip === undefined) return { ...state, playing: false };
  const recentlyPlayed = [clip.id, ...state.recentlyPlayed.filter((id) => id !== clip.id)].slice(
    0,
    RECENTLY_PLAYED_LIMIT,
  );
  return { ...next, recentlyPlayed };
}

/** The first playable position from `from` going `step` (1 or -1), wrapping when asked; -1 if none. */
export function playableFrom(state: PlayerQueueState, from: number, step: 1 | -1, wrap: boolean): number {
  const count = state.order.length;
  for (let tried = 0, position = from; tried < count; tried++, position += step) {
    if (position < 0 || position >= count) {
      if (!wrap) return -1;
      position = (position + count) % count;
    }
    const clip = state.clips[state.order[position] as number];
    if (clip !== undefined && isQueuePlayable(clip)) return position;
  }
  return -1;
}

/**
 * Plays `clips` from `startIndex` (a list index): the list becomes the queue with its context. A
 * start clip that cannot be played gives way to the next one that can; with none, nothing plays.
 */
export function playList<C extends QueueClip>(
  state: PlayerQueueState<C>,
  clips: readonly C[],
  startIndex: number,
  context: QueueContext | null,
  random: () => number = Math.random,
): PlayerQueueState<C> {
  const order = state.shuffle ? shuffledOrder(clips.length, startIndex, random) : listOrder(clips.length);
  const queued = { ...state, clips, order, context, position: -1, playing: false };
  const from = state.shuffle ? 0 : startIndex;
  const position = playableFrom(queued, from, 1, false);
  return position === -1 ? queued : started(queued, position);
}

/** The play/pause button: nothing happens without a current song. */
export function togglePlaying<C extends QueueClip>(state: PlayerQueueState<C>): PlayerQueueState<C> {
  if (currentClip(state) === undefined) return state;
  return { ...state, playing: !state.playing };
}

/** Next: the following playable song; past the last, the first with repeat all, else it stops. */
export function stepForward<C extends QueueClip>(state: PlayerQueueState<C>): PlayerQueueState<C> {
  const position = playableFrom(state, state.position + 1, 1, state.repeat === "all");
  return position === -1 ? { ...state, playing: false } : started(state, position);
}

/**
 * Previous: past 3 s into the song it restarts; before that it goes to the previous playable song
 * (the last with repeat all), or restarts the first.
 */
export function stepBack<C extends QueueClip>(
  state: PlayerQueueState<C>,
  currentTime: number,
): PlayerQueueState<C> {
  if (currentClip(state) === undefined) return state;
  if (currentTime > STEP_BACK_RESTART_S) return started(state, state.position);
  const position = playableFrom(state, state.position - 1, -1, state.repeat === "all");
  return started(state, position === -1 ? state.position : position);
}

/**
 * A song ended: with repeat one it restarts, with repeat all or continuous play the next one starts
 * (repeat all wraps to the first), otherwise playing stops. Every restart counts a play.
 */
export function songEnded<C extends QueueClip>(state: PlayerQueueState<C>): PlayerQueueState<C> {
  if (currentClip(state) === undefined) return state;
  if (state.repeat === "one") return started(state, state.position);
  if (state.repeat === "all" || state.continuous) return stepForward(state);
  return { ...state, playing: false };
}

/** A preview clip is over once the position reaches its preview_seconds. */
export function previewOver(clip: QueueClip, currentTime: number): boolean {
  return clip.preview_seconds !== null && clip.preview_seconds > 0 && currentTime >= clip.preview_seconds;
}

export const REPEAT_CYCLE: Readonly<Record<RepeatMode, RepeatMode>> = { off: "all", all: "one", one: "off" };

export function cycleRepeat<C extends QueueClip>(state: PlayerQueueState<C>): PlayerQueueState<C> {
  return { ...state, repeat: REPEAT_CYCLE[state.repeat] };
}

/**
 * Shuffle on: the current song stays current and first, the others follow in a random order, each
 * once. Shuffle off: back to the list order, at the current song.
 */
export function toggleShuffle<C extends QueueClip>(
  state: PlayerQueueState<C>,
  random: () => number = Math.random,
): PlayerQueueState<C> {
  const index = state.order[state.position];
  const current = index === undefined ? null : index;
  if (state.shuffle) {
    return { ...state, shuffle: false, order: listOrder(state.clips.length), position: current ?? -1 };
  }
  const order = shuffledOrder(state.clips.length, current, random);
  return { ...state, shuffle: true, order, position: current === null ? -1 : 0 };
}

export function toggleContinuous<C extends QueueClip>(state: PlayerQueueState<C>): PlayerQueueState<C> {
  return { ...state, continuous: !state.continuous };
}

/** Mute; unmuting with the volume at zero restores 0.6 so the listener hears something. */
export function toggleMute<C extends QueueClip>(state: PlayerQueueState<C>): PlayerQueueState<C> {
  if (!state.muted) return { ...state, muted: true };
  return { ...state, muted: false, volume: state.volume === 0 ? UNMUTE_VOLUME : state.volume };
}

/** A volume between 0 and 1; moving the volume unmutes. */
export function setVolume<C extends QueueClip>(
  state: PlayerQueueState<C>,
  volume: number,
): PlayerQueueState<C> {
  const clamped = Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : state.volume;
  return { ...state, volume: clamped, muted: false };
}

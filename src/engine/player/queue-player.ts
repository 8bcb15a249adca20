// The global player's audio engine: the queue's current song and the next one laid on one track of
// the wasm engine in an AudioWorklet (queue-joins.ts places them), so the next song starts on the
// frame the current one ends, or overlaps it by the crossfade with the core's fades. The main
// thread only loads songs and moves the window on after a join; it never decides when sound starts.
// Playing or paused is the listener's wish, kept here: a song being begun starts only once it is
// loaded, and only if the listener still wants sound then; the song it replaces falls silent at once
// and is never started again meanwhile (a replay after the queue's end is for the new song).

import {
  SHARED_APPLIED_AT_QUANTA,
  SHARED_PLAYING,
  SHARED_POSITION,
  SHARED_QUANTA,
} from "../../../worklets/engine-shared-state.ts";
import { createEngineNode, type EngineNode } from "../engine-node.ts";
import { queueClipPatches, queueTrack } from "../queue-joins.ts";
import { type SongAudio, SongSources } from "./song-sources.ts";
import { markStep } from "./timing-marks.ts";

/** A song as the engine plays it: its id, its audio's addresses, and how much of it may be heard. */
export interface EngineSong extends SongAudio {
  readonly id: string;
  /** A preview clip ends here; null plays the whole song. */
  readonly maxSeconds: number | null;
}

interface Placed {
  readonly song: EngineSong;
  readonly clipSlot: number;
  readonly sourceSlot: number;
  /** Timeline frames. */
  readonly start: number;
  readonly frames: number;
}

/** What the engine plays now, read from its shared memory. */
export interface EngineReading {
  /** The song heard now (after the device's output latency), or null. */
  readonly songId: string | null;
  /** Seconds into that song. */
  readonly seconds: number;
  readonly playing: boolean;
  /** While playing, the heard position passed the end of the last placed song: nothing follows it. */
  readonly ended: boolean;
}

const TRACK = 0;
/**
 * The player's rate: the one the server makes songs at, so their files go to the engine as they
 * arrive, with no resampling (the browser converts the output to the device's rate).
 */
const PLAYER_SAMPLE_RATE = 48_000;
/** Clip slots taken in turn: the current song, the next, and one being replaced. */
const CLIP_SLOTS = 3;
/** How quickly a volume change settles (a time constant), so a slider move does not click. */
const VOLUME_GLIDE_S = 0.01;
/**
 * Audio time a context woken from rest runs before a song sounds. On a busy machine Chromium renders
 * a just-resumed context's first quantum and then skips 70-130 ms to catch up with its device's
 * clock: the song's first few milliseconds, a hole, then the rest, unless the skip falls before it.
 */
const WAKE_SETTLE_S = 0.05;
/** At most this many 5 ms looks at the woken context's clock (a device whose clock stands still). */
const WAKE_POLLS = 60;

export class QueuePlayer {
  private current: Placed | null = null;
  private next: Placed | null = null;
  private crossfade = 0;
  /** The song asked to follow the current one, and the crossfade asked for: laid once loaded. */
  private wanted: { readonly song: EngineSong | null; readonly crossfade: number } = {
    song: null,
    crossfade: 0,
  };
  /** The listener wants sound (play) or not (pause). */
  private wantsPlay = false;
  private nextClipSlot = 0;
  /**
   * Where the player stands while it is paused, on the main thread's side: a suspended context
   * runs no quanta, so the shared position would not show a seek or a restored place.
   */
  private parked: number | null = 0;
  /** The last move of the playhead (a begin, a seek, a play): its frame counts until the engine shows it. */
  private moved = { batch: 0, frame: 0 };
  /** Counts begin() calls: a load that a later begin() overtook places nothing. */
  private generation = 0;
  /** The context waking from rest until it has run WAKE_SETTLE_S; null when it is not waking. */
  private waking: Promise<void> | null = null;
  /** The song a begin() is loading, and where in it (seconds) it starts; null when none is. */
  private beginning: { readonly song: EngineSong; seconds: number } | null = null;

  private constructor(
    readonly context: AudioContext,
    private readonly engine: EngineNode,
    private readonly volume: GainNode,
    private readonly sources: SongSources,
  ) {}

  /** Needs cross-origin isolation (shared memory with the audio thread) and AudioWorklet; rejects without. */
  static async create(): Promise<QueuePlayer> {
    if (!globalThis.crossOriginIsolated) throw new Error("The page is not cross-origin isolated");
    const context = new AudioContext({ latencyHint: "interactive", sampleRate: PLAYER_SAMPLE_RATE });
    try {
      const engine = await createEngineNode(context, [queueTrack(TRACK)]);
      const volume = context.createGain();
      engine.node.connect(volume).connect(context.destination);
      return new QueuePlayer(context, engine, volume, new SongSources(context, engine));
    } catch (error) {
      await context.close();
      throw error;
    }
  }

  /**
   * Plays `song` from `seconds`, replacing whatever played (which falls silent at once): resolves
   * once it is laid, sounding if the listener wants sound (play()), else waiting paused; rejects
   * when its audio cannot be fetched or decoded.
   */
  async begin(song: EngineSong, seconds: number): Promise<void> {
    markStep("begin");
    const generation = ++this.generation;
    this.beginning = { song, seconds: Math.max(0, seconds) };
    this.silence();
    // The context wakes while the song loads, so its settling seldom delays the sound.
    if (this.wantsPlay) void this.wake();
    let source: { slot: number; frames: number };
    try {
      source = await this.sources.load(song);
      if (this.wantsPlay) await this.wake();
      markStep("woken");
    } catch (error) {
      if (generation === this.generation) this.beginning = null;
      throw error;
    }
    const begun = this.beginning;
    if (generation !== this.generation || begun === null) return;
    this.beginning = null;
    const removed = [this.current, this.next].flatMap((placed) =>
      placed === null ? [] : [{ op: "clip-remove" as const, slot: placed.clipSlot }],
    );
    this.next = null;
    this.current = this.place(song, source, 0);
    const rate = this.context.sampleRate;
    const frame = Math.round(Math.min(begun.seconds, this.current.frames / rate) * rate);
    const play = this.wantsPlay;
    const batch = this.engine.send([
      ...removed,
      ...this.clipPatches(),
      { op: "seek", frame },
      play ? { op: "play" } : { op: "stop" },
    ]);
    this.moved = { batch, frame };
    this.parked = play ? null : frame;
    if (play) markStep("play");
    this.sources.keepOnly(this.urls(song));
    // A failure to load the next song is told to follow()'s caller; here the join just is not laid.
    this.layNext().catch(() => undefined);
  }

  /**
   * The song to follow the current one (null: none), joined gaplessly or over `crossfadeSeconds`
   * (at most half the shorter song). Its audio starts loading at once, even while the current one
   * is still being begun; the join is laid only once both are loaded. Rejects when it cannot load.
   */
  follow(song: EngineSong | null, crossfadeSeconds: number): Promise<void> {
    const crossfade = Math.round(crossfadeSeconds * this.context.sampleRate);
    if (!sameSong(this.wanted.song, song) || this.wanted.crossfade !== crossfade) {
      this.wanted = { song, crossfade };
      if (song !== null) this.sources.load(song).catch(() => undefined);
    }
    return this.layNext();
  }

  /** Lays the wanted next song after the current one, once both are loaded (the latest wish wins). */
  private async layNext(): Promise<void> {
    const wanted = this.wanted;
    const laid = sameSong(this.next?.song ?? null, wanted.song) && this.crossfade === wanted.crossfade;
    if (this.beginning !== null || this.current === null || laid) return;
    const generation = this.generation;
    const source = wanted.song === null ? null : await this.sources.load(wanted.song);
    const current = this.current;
    if (wanted !== this.wanted || generation !== this.generation || this.beginning !== null) return;
    if (current === null) return;
    const removed = this.next === null ? [] : [{ op: "clip-remove" as const, slot: this.next.clipSlot }];
    this.crossfade = wanted.crossfade;
    this.next = wanted.song === null || source === null ? null : this.place(wanted.song, source, 0);
    this.engine.send([...removed, ...this.clipPatches()]);
    this.sources.keepOnly(this.urls(current.song));
  }

  /**
   * Called on the main thread's clock (animation frames): once the heard position passed the current
   * song's end and the next one plays, the next becomes current. Answers whether that happened.
   */
  advance(): boolean {
    if (this.current === null || this.next === null || this.parked !== null) return false;
    if (this.heardFrame() < this.current.start + this.current.frames) return false;
    this.engine.send([{ op: "clip-remove", slot: this.current.clipSlot }]);
    this.current = this.next;
    this.next = null;
    return true;
  }

  read(): EngineReading {
    const placed = this.current;
    const playing = this.parked === null && this.engine.shared.header[SHARED_PLAYING] === 1;
    // A song being begun is where the listener is: at the place it will start from.
    if (this.beginning !== null)
      return { songId: this.beginning.song.id, seconds: this.beginning.seconds, playing, ended: false };
    if (placed === null) return { songId: null, seconds: 0, playing, ended: false };
    const rate = this.context.sampleRate;
    const into = Math.max(0, this.heardFrame() - placed.start);
    const ended = this.parked === null && this.next === null && into >= placed.frames;
    return { songId: placed.song.id, seconds: Math.min(into, placed.frames) / rate, playing, ended };
  }

  /** The current song stands at its end with nothing after it (a replay starts it over). */
  get finished(): boolean {
    const placed = this.current;
    return (
      this.beginning === null &&
      placed !== null &&
      this.next === null &&
      this.heardFrame() - placed.start >= placed.frames
    );
  }

  /** Starts loading a song the listener is about to play (a press on its button), so begin() finds it loading. */
  prepare(audio: SongAudio): void {
    this.sources.load(audio).catch(() => undefined);
  }

  /** Made ahead of any song: the context sleeps (no audio thread work) until the first song wants sound. */
  rest(): void {
    if (
      !this.wantsPlay &&
      this.current === null &&
      this.beginning === null &&
      this.context.state === "running"
    )
      void this.context.suspend();
  }

  /** Sound, as the listener asks: the current song from where it stands (from its start after its end). */
  async play(): Promise<void> {
    this.wantsPlay = true;
    const woken = this.wake();
    // The song being begun starts once it is loaded (and the context woken); the one it replaces
    // stays silent.
    if (this.beginning !== null) return woken;
    await woken;
    // Paused or replaced while the context woke.
    if (!this.wantsPlay || this.beginning !== null) return;
    if (this.finished) this.seek(0);
    const frame = this.heardFrame();
    this.parked = null;
    this.moved = { batch: this.engine.send([{ op: "play" }]), frame };
  }

  /** Resumes a resting context and waits until it has run WAKE_SETTLE_S; at once when it runs. */
  private wake(): Promise<void> {
    if (this.waking !== null) return this.waking;
    if (this.context.state === "running") return Promise.resolve();
    const from = this.context.currentTime;
    const waking = (async () => {
      await this.context.resume();
      for (let polls = 0; polls < WAKE_POLLS && this.context.currentTime < from + WAKE_SETTLE_S; polls++)
        await new Promise((settled) => setTimeout(settled, 5));
    })().finally(() => {
      this.waking = null;
    });
    this.waking = waking;
    return waking;
  }

  pause(): void {
    this.wantsPlay = false;
    this.silence();
  }

  /** Moves within the current song (or the one being begun); the next one's join stays where it was laid. */
  seek(seconds: number): void {
    if (this.beginning !== null) {
      this.beginning.seconds = Math.max(0, seconds);
      return;
    }
    if (this.current === null) return;
    const rate = this.context.sampleRate;
    const into = Math.min(Math.max(0, seconds) * rate, this.current.frames);
    const frame = Math.round(this.current.start + into);
    if (this.parked !== null) this.parked = frame;
    this.moved = { batch: this.engine.send([{ op: "seek", frame }]), frame };
  }

  setVolume(volume: number): void {
    this.volume.gain.setTargetAtTime(volume, this.context.currentTime, VOLUME_GLIDE_S);
  }

  /** The engine's output after the volume, for a meter or a test's analyser. */
  get output(): AudioNode {
    return this.volume;
  }

  async close(): Promise<void> {
    this.engine.node.disconnect();
    await this.context.close();
  }

  /** Stops the engine where it is heard now, keeping that place. */
  private silence(): void {
    if (this.parked === null) this.parked = this.heardFrame();
    this.engine.send([{ op: "stop" }]);
  }

  /** The addresses whose audio stays loaded: this song's and the wanted next one's. */
  private urls(song: EngineSong): string[] {
    return [song.url, ...(this.wanted.song === null ? [] : [this.wanted.song.url])];
  }

  /** The timeline frame heard now: the engine's output position less the device's latency. */
  private heardFrame(): number {
    if (this.parked !== null) return this.parked;
    const { header } = this.engine.shared;
    // Until the engine applied the move and rendered past it (a seek while playing waits one
    // quantum for its fade), its shared position is the old one.
    const shown =
      this.engine.applied(this.moved.batch) && header[SHARED_QUANTA] > header[SHARED_APPLIED_AT_QUANTA] + 1;
    if (!shown) return this.moved.frame;
    const latency = this.context.baseLatency + (this.context.outputLatency || 0);
    const frame = header[SHARED_POSITION];
    return header[SHARED_PLAYING] === 1 ? frame - latency * this.context.sampleRate : frame;
  }

  private place(song: EngineSong, source: { slot: number; frames: number }, start: number): Placed {
    const limit =
      song.maxSeconds === null ? source.frames : Math.round(song.maxSeconds * this.context.sampleRate);
    const clipSlot = this.nextClipSlot;
    this.nextClipSlot = (this.nextClipSlot + 1) % CLIP_SLOTS;
    return {
      song,
      clipSlot,
      sourceSlot: source.slot,
      start,
      frames: Math.max(1, Math.min(limit, source.frames)),
    };
  }

  /** The current song where it is and the next one joined to it; re-laid whenever either changes. */
  private clipPatches() {
    const current = this.current;
    if (current === null) return [];
    const songs = [current, ...(this.next === null ? [] : [this.next])];
    const patches = queueClipPatches(
      TRACK,
      songs.map((placed) => ({
        clipSlot: placed.clipSlot,
        sourceSlot: placed.sourceSlot,
        frames: placed.frames,
      })),
      this.crossfade,
    );
    // queueClipPatches lays the queue from frame 0: shift it to where the current song starts.
    const shifted = patches.map((patch) =>
      patch.op === "clip"
        ? { ...patch, start: patch.start + current.start, end: patch.end + current.start }
        : patch,
    );
    const [, laidNext] = shifted;
    if (this.next !== null && laidNext?.op === "clip") this.next = { ...this.next, start: laidNext.start };
    return shifted;
  }
}

const sameSong = (a: EngineSong | null, b: EngineSong | null): boolean =>
  a === null || b === null
    ? a === b
    : a.id === b.id &&
      a.url === b.url &&
      a.compressedUrl === b.compressedUrl &&
      a.maxSeconds === b.maxSeconds;

// Recording onto armed tracks: choose an input, press Record. Preparing opens the input, measures
// the device's round trip once (a click out, its echo in), and starts playback; Recording collects
// the input until Record is pressed again, playback stops, the transport jumps or the device goes.
// The take is then converted to a WAV and placed on every armed track as a clip with a pending
// upload, at the position it was heard against.

import { createStore, type StoreApi } from "zustand/vanilla";
import {
  InputCapture,
  measureRoundTrip,
  type RingRead,
  reportedRoundTripFrames,
} from "../../engine/recording/index.ts";
import { AUDIO_UPLOAD_MAX_BYTES } from "../../shared/api/uploads.ts";
import type { StudioAudio } from "../audio/studio-audio.ts";
import type { KeyValueStorage } from "../persistence/local-copy.ts";
import type { StudioController } from "../store/studio-controller.ts";
import { tempoOf } from "../timeline/project-geometry.ts";
import { TOO_LARGE_MESSAGE } from "../uploads/drop-validation.ts";
import type { UploadManager } from "../uploads/upload-manager.ts";
import { type InputDevice, inputAccessError, listInputs, rawInputConstraints } from "./input-access.ts";
import { forgetRoundTrip, storedRoundTrip, storeRoundTrip } from "./latency-store.ts";
import { nextStage, type RecordEvent, type RecordStage, startRefusal } from "./record-rules.ts";
import { type TakeAmplitude, TakeCollector } from "./take-collector.ts";
import { takeFile } from "./take-file.ts";

/** Listeners hear of the live take's new amplitudes in batches this long apart. */
export const LIVE_BATCH_MS = 1000;
/** A jump of the transport larger than this (frames) ends the take: it no longer lines up. */
const JUMP_FRAMES = 2;

export interface LiveTake {
  readonly trackIds: readonly string[];
  readonly amplitudes: readonly TakeAmplitude[];
}

export interface RecordingState {
  readonly stage: RecordStage;
  /** The inputs the browser listed; null until listed. */
  readonly inputs: readonly InputDevice[] | null;
  /** The chosen input; null: the browser's default. */
  readonly deviceId: string | null;
  readonly monitoring: boolean;
  /** The chosen input's measured round trip in seconds, once measured. */
  readonly roundTripSeconds: number | null;
  readonly live: LiveTake | null;
}

const DEVICE_KEY = "tunesmith:studio:input-device";

interface Running {
  readonly capture: InputCapture;
  readonly trackIds: readonly string[];
  collector: TakeCollector | null;
  offset: number | null;
  pending: TakeAmplitude[];
  flushed: readonly TakeAmplitude[];
}

export class RecordingSession {
  readonly store: StoreApi<RecordingState>;
  private running: Running | null = null;
  private readonly cleanups: (() => void)[] = [];
  private takes = 0;

  constructor(
    private readonly controller: StudioController,
    private readonly audio: () => StudioAudio | null,
    private readonly uploads: UploadManager,
    private readonly storage: KeyValueStorage | null,
    private readonly media: () => MediaDevices | undefined = () => navigator.mediaDevices,
  ) {
    const deviceId = storage?.getItem(DEVICE_KEY) ?? null;
    this.store = createStore<RecordingState>(() => ({
      stage: "ready",
      inputs: null,
      deviceId,
      monitoring: false,
      roundTripSeconds: storedRoundTrip(storage, deviceId),
      live: null,
    }));
    // Recording stops when playback stops.
    this.cleanups.push(
      controller.store.subscribe((state, previous) => {
        if (!state.ui.playing && previous.ui.playing && this.running !== null) void this.stop();
      }),
    );
    const timer = setInterval(() => this.flushLive(), LIVE_BATCH_MS);
    this.cleanups.push(() => clearInterval(timer));
  }

  get state(): RecordingState {
    return this.store.getState();
  }

  private advance(event: RecordEvent): void {
    this.store.setState({ stage: nextStage(this.state.stage, event) });
  }

  private failInput(error: unknown): void {
    const { title, description } = inputAccessError(error);
    this.controller.toast({ kind: "error", title, description });
  }

  /** Lists the inputs (asking for the microphone when their names are hidden). */
  async refreshInputs(): Promise<void> {
    const media = this.media();
    try {
      if (media === undefined) throw new Error("No media devices");
      this.store.setState({ inputs: await listInputs(media) });
    } catch (error) {
      this.failInput(error);
    }
  }

  chooseInput(deviceId: string | null): void {
    try {
      if (deviceId === null) this.storage?.removeItem(DEVICE_KEY);
      else this.storage?.setItem(DEVICE_KEY, deviceId);
    } catch {
      // A refused storage: the choice holds for this visit.
    }
    this.store.setState({ deviceId, roundTripSeconds: storedRoundTrip(this.storage, deviceId) });
  }

  setMonitoring(monitoring: boolean): void {
    this.store.setState({ monitoring });
    this.running?.capture.setMonitoring(monitoring);
  }

  /** Record pressed: starts a take, or stops the one running. */
  toggle(): Promise<void> {
    return this.state.stage === "ready" ? this.start() : this.stop();
  }

  async start(): Promise<void> {
    const project = this.controller.project;
    const armed = project.tracks.filter((track) => track.arm);
    const refusal = startRefusal({
      stage: this.state.stage,
      looping: project.loop.enabled,
      armedTracks: armed.length,
    });
    if (refusal !== null) {
      this.controller.toast({ kind: "info", title: refusal });
      return;
    }
    const audio = this.audio();
    const media = this.media();
    if (audio === null || !this.controller.mayEdit()) return;
    this.advance("start");
    let capture: InputCapture;
    try {
      if (media === undefined) throw new Error("No media devices");
      await audio.host.resume();
      const stream = await media.getUserMedia(rawInputConstraints(this.state.deviceId));
      capture = await InputCapture.open(audio.host.context, stream, armed[0].input.channel);
    } catch (error) {
      this.advance("fail");
      this.failInput(error);
      return;
    }
    capture.setMonitoring(this.state.monitoring);
    const running: Running = {
      capture,
      trackIds: armed.map((track) => track.id),
      collector: null,
      offset: null,
      pending: [],
      flushed: [],
    };
    this.running = running;
    const roundTrip = await this.roundTripFrames(capture);
    if (this.running !== running) return;
    capture.listen((read) => this.collect(running, read, roundTrip));
    if (!this.controller.state.ui.playing) await this.controller.play();
  }

  /** The device's round trip: stored, else measured now and stored, else what the browser reports. */
  private async roundTripFrames(capture: InputCapture): Promise<number> {
    const rate = capture.context.sampleRate;
    // Read again: another studio tab may have measured the device since this one opened.
    const stored = storedRoundTrip(this.storage, this.state.deviceId);
    this.store.setState({ roundTripSeconds: stored });
    if (stored !== null) return Math.round(stored * rate);
    const measured = await measureRoundTrip(capture);
    if (measured !== null) {
      storeRoundTrip(this.storage, this.state.deviceId, measured / rate);
      this.store.setState({ roundTripSeconds: measured / rate });
      return measured;
    }
    const context = capture.context;
    return reportedRoundTripFrames(rate, {
      base: context.baseLatency,
      output: context.outputLatency || 0,
      input: 0,
    });
  }

  /** Measures the chosen input's round trip again (a new cable, another interface setting). */
  forgetRoundTrip(): void {
    forgetRoundTrip(this.storage, this.state.deviceId);
    this.store.setState({ roundTripSeconds: null });
  }

  private collect(running: Running, read: RingRead, roundTrip: number): void {
    const audio = this.audio();
    const start = running.capture.startFrame();
    const offset = audio?.host.timelineOffset() ?? null;
    if (audio === null || start === null) return;
    if (!running.capture.live) {
      void this.stop();
      return;
    }
    if (running.collector === null) {
      // The take begins with the first block read once the transport plays.
      if (offset === null) return;
      running.offset = offset;
      running.collector = new TakeCollector({
        sampleRate: audio.sampleRate,
        ringStartFrame: start,
        timelineOffset: offset,
        roundTripFrames: roundTrip,
        tempo: tempoOf(this.controller.project),
      });
      this.advance("capturing");
      this.store.setState({ live: { trackIds: running.trackIds, amplitudes: [] } });
    } else if (offset === null || Math.abs(offset - (running.offset ?? offset)) > JUMP_FRAMES) {
      void this.stop();
      return;
    }
    running.pending.push(...running.collector.add(read));
  }

  /** Hands the live waveform its new amplitudes, once a second. */
  private flushLive(): void {
    const running = this.running;
    if (running === null || running.pending.length === 0) return;
    running.flushed = [...running.flushed, ...running.pending];
    running.pending = [];
    this.store.setState({ live: { trackIds: running.trackIds, amplitudes: running.flushed } });
  }

  async stop(): Promise<void> {
    const running = this.running;
    if (running === null) return;
    this.running = null;
    running.capture.drain();
    running.capture.close();
    this.advance("stop");
    this.store.setState({ live: null });
    const take = running.collector?.finish() ?? null;
    const audio = this.audio();
    if (take === null || audio === null) return;
    this.takes++;
    const sampleRate = audio.sampleRate;
    const file = takeFile(take.samples, sampleRate, `Recording ${this.takes}.wav`);
    if (file.size > AUDIO_UPLOAD_MAX_BYTES) {
      this.controller.toast({ kind: "error", title: TOO_LARGE_MESSAGE });
    }
    await this.uploads.place({
      file,
      audio: { sampleRate, channels: [take.samples] },
      trackIds: running.trackIds,
      startBeats: take.startBeats,
    });
  }

  dispose(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.running?.capture.close();
    this.running = null;
  }
}

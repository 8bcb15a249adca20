import { i18n } from "../../i18n/i18n.ts";
// Recording from the microphone: Ready -> Preparing (asking for the
// input) -> Recording -> back to Ready. A recording starts only from Ready; stopping yields the
// audio decoded and peak-normalised. An analyser feeds the live waveform while recording.

export type RecorderStage = "Ready" | "Preparing" | "Recording";

export const MIC_DENIED = {
  get title() {
    return i18n.t("create:recorder.errorAccessingAudioInputs");
  },
  get description() {
    return i18n.t("create:recorder.youMayNeedTo");
  },
} as const;
export const MIC_FAILED = {
  get title() {
    return i18n.t("create:recorder.errorAccessingAudioInputs");
  },
  get description() {
    return i18n.t("create:recorder.pleaseTryAgain");
  },
} as const;

export class MicrophoneError extends Error {
  override readonly name = "MicrophoneError";
  constructor(readonly denied: boolean) {
    super(denied ? MIC_DENIED.title : MIC_FAILED.title);
  }
}

/** Scales the buffer so its loudest sample reaches full scale (silence stays silent). */
export function normalizeBuffer(buffer: AudioBuffer): AudioBuffer {
  let peak = 0;
  for (let channel = 0; channel < buffer.numberOfChannels; channel++) {
    for (const sample of buffer.getChannelData(channel)) peak = Math.max(peak, Math.abs(sample));
  }
  if (peak === 0 || peak >= 1) return buffer;
  const gain = 1 / peak;
  for (let channel = 0; channel < buffer.numberOfChannels; channel++) {
    const data = buffer.getChannelData(channel);
    for (let i = 0; i < data.length; i++) data[i] = (data[i] ?? 0) * gain;
  }
  return buffer;
}

export class Recorder {
  stage: RecorderStage = "Ready";
  private stream: MediaStream | null = null;
  private context: AudioContext | null = null;
  private recorder: MediaRecorder | null = null;
  private chunks: Blob[] = [];
  analyser: AnalyserNode | null = null;
  startedAt = 0;

  constructor(private readonly onStage: (stage: RecorderStage) => void) {}

  private setStage(stage: RecorderStage): void {
    this.stage = stage;
    this.onStage(stage);
  }

  async start(): Promise<void> {
    if (this.stage !== "Ready") return;
    this.setStage("Preparing");
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      this.setStage("Ready");
      const denied =
        error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "SecurityError");
      throw new MicrophoneError(denied);
    }
    this.context = new AudioContext();
    const source = this.context.createMediaStreamSource(this.stream);
    this.analyser = this.context.createAnalyser();
    this.analyser.fftSize = 2048;
    source.connect(this.analyser);
    this.chunks = [];
    this.recorder = new MediaRecorder(this.stream);
    this.recorder.ondataavailable = (event) => {
      if (event.data.size > 0) this.chunks.push(event.data);
    };
    this.recorder.start(250);
    this.startedAt = performance.now();
    this.setStage("Recording");
  }

  /** Stops and decodes what was recorded. */
  async stop(): Promise<AudioBuffer> {
    const recorder = this.recorder;
    const context = this.context;
    if (recorder === null || context === null) throw new Error("Nothing is being recorded");
    const stopped = new Promise<void>((resolve) => {
      recorder.onstop = () => resolve();
    });
    recorder.stop();
    await stopped;
    const blob = new Blob(this.chunks, { type: recorder.mimeType });
    this.release();
    try {
      return normalizeBuffer(await context.decodeAudioData(await blob.arrayBuffer()));
    } finally {
      void context.close();
    }
  }

  /** Lets go of the microphone without keeping anything. */
  cancel(): void {
    if (this.recorder?.state === "recording") this.recorder.stop();
    const context = this.context;
    this.release();
    void context?.close();
  }

  private release(): void {
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    this.recorder = null;
    this.analyser = null;
    this.context = null;
    this.setStage("Ready");
  }
}

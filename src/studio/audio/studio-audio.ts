// The studio's engine: a realtime EngineHost playing the project state, a wasm instance on the
// page for waveform peaks, and the sources every clip plays.

import {
  DEMO_SOURCE_PREFIX,
  type DspExports,
  EngineHost,
  instantiateDsp,
  loadDspModule,
  type SourceAudio,
  synthesizeDemoMaterial,
} from "../../engine/index.ts";
import type { StudioProjectState } from "../../shared/project/index.ts";
import { beats } from "../../shared/time.ts";
import type { Transport } from "../store/transport.ts";
import { DEMO_MIDI } from "./demo-midi.ts";
import { SourceLibrary } from "./source-library.ts";

/** Files dropped on a track play under this prefix until the server has made song clips of them. */
export const LOCAL_UPLOAD_PREFIX = "upload-local-";

export class StudioAudio {
  readonly sources: SourceLibrary;
  private lastState: StudioProjectState | null = null;

  private constructor(
    readonly host: EngineHost,
    readonly dsp: DspExports,
  ) {
    this.sources = new SourceLibrary(dsp, (id, audio) => host.loadSource(id, audio));
    // A source arriving after the state that names it: play the state again, now with the source.
    this.sources.subscribe(() => {
      if (this.lastState !== null) this.update(this.lastState);
    });
  }

  static async start(): Promise<StudioAudio> {
    const [host, module] = await Promise.all([EngineHost.create(), loadDspModule()]);
    return new StudioAudio(host, instantiateDsp(module));
  }

  get sampleRate(): number {
    return this.host.context.sampleRate;
  }

  /** Sends the patches this state needs; a state the engine refuses keeps the last good one playing. */
  update(state: StudioProjectState): Error | null {
    this.lastState = state;
    try {
      this.host.update(state);
      return null;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  loadDemoSources(): void {
    const rate = this.sampleRate;
    for (const [name, channels] of Object.entries(synthesizeDemoMaterial(rate))) {
      this.sources.add(`${DEMO_SOURCE_PREFIX}${name}`, { sampleRate: rate, channels }, DEMO_MIDI[name]);
    }
  }

  /** Decodes an audio file with the browser's decoders (any format it reads), at the context's rate. */
  async decode(file: ArrayBuffer): Promise<SourceAudio> {
    const buffer = await this.host.context.decodeAudioData(file);
    const channels = Array.from({ length: Math.min(2, buffer.numberOfChannels) }, (_, c) =>
      buffer.getChannelData(c).slice(),
    );
    return { sampleRate: buffer.sampleRate, channels };
  }

  transport(): Transport {
    const host = this.host;
    return {
      play: () => host.play(),
      stop: () => host.stop(),
      seek: (position) => host.seek(beats(position)),
      playhead: () => host.playhead(),
      resume: () => host.resume(),
    };
  }

  async close(): Promise<void> {
    await this.host.close();
  }
}

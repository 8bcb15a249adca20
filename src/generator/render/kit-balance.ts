// How loud each drum of a SoundFont kit plays. A General MIDI kit's samples are balanced for a
// drummer's kit in a room: its hi-hats and cymbals stand 10 dB and more closer to the kick than in
// the synthesized kits the genres' drum patterns were written and mixed for. Played as recorded,
// eighth-note hats in a slow groove outweigh the kick and snare, and a listener (and the beat
// analysis) hears the hats' pulse, twice the song's tempo. So each drum is levelled on its own
// (its first tenth of a second, SoundFont.hitLevelGain) and set where the synthesized kit of the
// same name puts that drum.

import { DRUM_NOTES, type DrumKit, type DrumName } from "../score.ts";
import type { SoundFont } from "./sampler/sound-font.ts";

/**
 * Each drum's level (dB, the first 0.1 s of a hit at one velocity) against the acoustic kit's kick,
 * in the synthesized kits the SoundFont kits stand in for: measured from dsp/synth's drums, and
 * held by the sampled-instruments test.
 */
export const KIT_BALANCE: Readonly<Partial<Record<DrumKit, Readonly<Record<DrumName, number>>>>> = {
  acoustic: {
    kick: 0,
    snare: -4.5,
    clap: -14,
    closedHat: -23.5,
    openHat: -16.5,
    lowTom: -2.5,
    highTom: -2.5,
    crash: -13,
    ride: -22.5,
    shaker: -23,
  },
  electronic: {
    kick: 2.5,
    snare: -5.5,
    clap: -15,
    closedHat: -29.5,
    openHat: -22.5,
    lowTom: -2.5,
    highTom: -2.5,
    crash: -17,
    ride: -23,
    shaker: -23,
  },
};

/** The gain of every General MIDI key (by key number) a SoundFont kit plays for the synthesized kit `kit`. */
export function kitKeyGains(font: SoundFont, program: number, kit: DrumKit): Float32Array {
  const balance = KIT_BALANCE[kit] ?? KIT_BALANCE.acoustic;
  const gains = new Float32Array(128);
  for (const [drum, key] of Object.entries(DRUM_NOTES) as [DrumName, number][]) {
    gains[key] = font.hitLevelGain(program, key) * 10 ** ((balance?.[drum] ?? 0) / 20);
  }
  return gains;
}

import {
  newClip,
  newProjectState,
  newTrack,
  type StudioClipInit,
  type StudioProjectState,
  type TrackInit,
} from "../../shared/project/index.ts";
import { DEMO_BPS, type DemoSourceId } from "./demo-material.ts";

/** The source id a demo clip plays, as its song clip id. */
/** Demo clips play sources named demo-<name>; the studio and the server's renderer make them locally. */
export const DEMO_SOURCE_PREFIX = "demo-";
export const demoSourceId = (source: DemoSourceId) => `${DEMO_SOURCE_PREFIX}${source}`;

interface DemoTrack {
  readonly track: TrackInit & { id: string };
  readonly source: DemoSourceId;
  /** The source's length in beats: clips longer than it loop it. */
  readonly sourceBeats: number;
  /** Clips as [startBeats, endBeats, extra fields]. */
  readonly clips: readonly [number, number, StudioClipInit?][];
}

const stage = (frequency: number, gain: number, q = 1) => ({ enabled: true, frequency, q, gain });

const TRACKS: readonly DemoTrack[] = [
  {
    track: { id: "demo-track-kick", name: "Kick", icon: "Drums", color: "#ef5350" },
    source: "kick",
    sourceBeats: 4,
    clips: [
      [0, 16],
      [16, 32],
      [32, 48],
      [48, 64, { fadeOutBeats: 2 }],
    ],
  },
  {
    track: {
      id: "demo-track-snare",
      name: "Snare",
      icon: "Drums",
      color: "#ff7043",
      eq: { enabled: true, highPassFilter: { enabled: true, frequency: 120, q: Math.SQRT1_2 } },
    },
    source: "snare",
    sourceBeats: 4,
    clips: [
      [16, 32],
      [32, 48],
      [48, 64],
    ],
  },
  {
    track: {
      id: "demo-track-hats",
      name: "Hats",
      icon: "Drums",
      color: "#ffca28",
      balance: 0.3,
      amplitude: 0.8,
      eq: { enabled: true, band4: stage(9000, 3, Math.SQRT1_2) },
    },
    source: "hats",
    sourceBeats: 4,
    clips: [
      [8, 16, { fadeInBeats: 4 }],
      [16, 32],
      [32, 48],
      [48, 64],
    ],
  },
  {
    track: {
      id: "demo-track-bass",
      name: "Bass",
      icon: "Bass",
      color: "#66bb6a",
      eq: {
        enabled: true,
        lowPassFilter: { enabled: true, frequency: 1800, q: Math.SQRT1_2 },
        band1: stage(80, 2),
      },
    },
    source: "bass",
    sourceBeats: 16,
    clips: [
      [16, 24],
      [24, 32, { readStartBeats: 8 }],
      [32, 48],
      [48, 64],
    ],
  },
  {
    track: {
      id: "demo-track-chords",
      name: "Chords",
      icon: "Keyboard",
      color: "#42a5f5",
      eq: { enabled: true, band2: stage(400, -3) },
    },
    source: "chords",
    sourceBeats: 16,
    clips: [
      [0, 16, { fadeInBeats: 4 }],
      [16, 32],
      [32, 48, { amplitude: 0.8 }],
      [48, 64, { fadeOutBeats: 6 }],
    ],
  },
  {
    track: {
      id: "demo-track-lead",
      name: "Lead",
      icon: "Synth",
      color: "#ab47bc",
      balance: -0.25,
      eq: { enabled: true, band3: stage(2500, 2) },
    },
    source: "lead",
    sourceBeats: 8,
    clips: [
      [32, 40],
      [40, 48],
      [48, 56],
      [56, 64, { fadeOutBeats: 4 }],
    ],
  },
  {
    track: { id: "demo-track-pad", name: "Pad", icon: "Strings", color: "#26c6da", amplitude: 0.7 },
    source: "pad",
    sourceBeats: 32,
    clips: [
      [0, 32, { fadeInBeats: 8 }],
      [32, 64, { fadeOutBeats: 8 }],
    ],
  },
  {
    track: { id: "demo-track-riser", name: "Riser", icon: "FX", color: "#8d6e63", mute: false },
    source: "riser",
    sourceBeats: 4,
    clips: [
      [12, 16, { fadeInBeats: 1 }],
      [28, 32, { fadeInBeats: 1 }],
      [44, 48, { fadeInBeats: 1, mute: true }],
    ],
  },
];

/**
 * The demo project: eight tracks and 28 clips over 16 bars of generated
 * material, with fades, looping clips, meeting clips (auto crossfades), EQ,
 * balance, a muted clip and a loop over the middle eight bars. Ids are fixed,
 * so every engine path renders the same project.
 */
export function demoProject(): StudioProjectState {
  return newProjectState({
    title: "Demo",
    timing: { type: "manual", bps: DEMO_BPS },
    loop: { enabled: true, startBeats: 16, endBeats: 48 },
    tracks: TRACKS.map(({ track, source, sourceBeats, clips }) =>
      newTrack({
        ...track,
        clips: clips.map(([startBeats, endBeats, extra], index) =>
          newClip({
            id: `${track.id}-clip-${index + 1}`,
            clipId: demoSourceId(source),
            name: track.name,
            startBeats,
            endBeats,
            ...extra,
            loop: { enabled: endBeats - startBeats > sourceBeats, startBeats: 0, endBeats: sourceBeats },
          }),
        ),
      }),
    ),
  });
}

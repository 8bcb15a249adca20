import { describe, expect, it } from "vitest";
import {
  DEFAULT_SONG_LENGTH_BEATS,
  newClip,
  newProjectState,
  newTrack,
  ORIGINAL_TAKE_LANE_NAME,
  parseProjectState,
  resolveWarpMarkers,
  type StudioProjectState,
  TRACK_ICONS,
  trackSchema,
  versionTakeLaneName,
} from "../../src/shared/project/index.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The smallest state that parses: timing, tracks and selection. */
const minimal = () => ({ timing: {}, tracks: [] as unknown[], selection: {} });

/** A minimal state with one track holding one clip, the clip's fields overridden. */
const withClip = (clip: Record<string, unknown>) => ({
  ...minimal(),
  tracks: [{ id: "t1", clips: [{ id: "c1", startBeats: 0, endBeats: 8, ...clip }] }],
});

const withTrack = (track: Record<string, unknown>) => ({ ...minimal(), tracks: [{ id: "t1", ...track }] });

const failure = (raw: unknown): string => {
  try {
    parseProjectState(raw);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected parseProjectState to throw");
};

describe("project state defaults", () => {
  it("fills every optional part of a minimal state", () => {
    expect(parseProjectState(minimal())).toEqual({
      schemaVersion: 2,
      title: "Untitled Project",
      editClipId: null,
      editSessionId: null,
      amplitude: 1,
      songFadeInBeats: 0,
      songFadeOutBeats: 0,
      timing: { type: "manual", bps: 2, bpsAutomation: [] },
      metronome: { enabled: false, amplitude: 0.5 },
      loop: { enabled: false, startBeats: 0, endBeats: 32 },
      selection: {
        trackIds: [],
        focusedTrackId: null,
        anchorBeats: 0,
        focusBeats: 0,
        focusedArea: "timeline",
      },
      tracks: [],
      metadata: {
        usedCrop: false,
        usedReorder: false,
        usedDuplicate: false,
        usedDelete: false,
        usedSplit: false,
        usedCreateSection: false,
        usedReplaceSection: false,
        usedExtend: false,
      },
      lyricsCorrectionsByClipId: {},
      markersRegistry: {},
    } satisfies StudioProjectState);
  });

  it("fills a track's defaults, EQ included", () => {
    const [track] = parseProjectState(withTrack({})).tracks;
    expect(track).toEqual({
      id: "t1",
      name: "New Track",
      color: "#6e7bf2",
      icon: "Audio",
      mute: false,
      solo: false,
      arm: false,
      amplitude: 1,
      balance: 0,
      input: { channel: 0 },
      height: 88,
      eq: {
        enabled: false,
        highPassFilter: { enabled: false, frequency: 20, q: Math.SQRT1_2 },
        lowPassFilter: { enabled: false, frequency: 20000, q: Math.SQRT1_2 },
        band1: { enabled: true, frequency: 100, q: Math.SQRT1_2, gain: 0 },
        band2: { enabled: true, frequency: 500, q: 1, gain: 0 },
        band3: { enabled: true, frequency: 2000, q: 1, gain: 0 },
        band4: { enabled: true, frequency: 8000, q: Math.SQRT1_2, gain: 0 },
      },
      instrument: null,
      clips: [],
      clipCreationIntents: [],
      takeLanes: [],
      takeLanesExpanded: false,
      soloTakeLaneId: null,
    });
  });

  it("keeps set EQ values and defaults the rest of the stage", () => {
    const [track] = parseProjectState(withTrack({ eq: { band2: { gain: -3.5 } } })).tracks;
    expect(track.eq.band2).toEqual({ enabled: true, frequency: 500, q: 1, gain: -3.5 });
  });

  it("fills a clip's defaults", () => {
    const [clip] = parseProjectState(withClip({})).tracks[0].clips;
    expect(clip).toEqual({
      id: "c1",
      clipId: null,
      uploadId: null,
      name: "New Clip",
      color: null,
      mute: false,
      streaming: false,
      startBeats: 0,
      endBeats: 8,
      readStartBeats: 0,
      fadeInBeats: 0,
      fadeOutBeats: 0,
      transposition: 0,
      preserveFormants: false,
      amplitude: 1,
      loop: { enabled: false, startBeats: 0, endBeats: 32 },
      warp: { enabled: false, markers: [], speed: 1, awaitingAnalysis: false },
      resolved: true,
      awaitingContentAlignment: false,
    });
  });

  it("fills clip creation intents and take lanes", () => {
    const state = parseProjectState(
      withTrack({
        clipCreationIntents: [{ id: "i1", startBeats: 4, endBeats: 12 }],
        takeLanes: [{ id: "l1", name: "Original" }],
      }),
    );
    expect(state.tracks[0].clipCreationIntents).toEqual([
      {
        id: "i1",
        startBeats: 4,
        endBeats: 12,
        startTrimmedBeats: 0,
        endTrimmedBeats: 0,
        possibleClipIds: [],
        queuedGenerationId: null,
        queuedGenerationIds: [],
        name: "New Clip",
        namePersists: false,
      },
    ]);
    expect(state.tracks[0].takeLanes).toEqual([
      { id: "l1", name: "Original", clips: [], clipCreationIntents: [], unheardFor: null },
    ]);
  });

  it("does not share default lists between parses", () => {
    const first = parseProjectState(minimal());
    first.timing.bpsAutomation.push({ beats: 0, bps: 3 });
    expect(parseProjectState(minimal()).timing.bpsAutomation).toEqual([]);
  });

  it("keeps fields it does not know, as a newer version may have written them", () => {
    const state = parseProjectState({ ...minimal(), somethingElse: 1 });
    expect(state).toHaveProperty("somethingElse", 1);
  });

  it("ties the tempo to a track by id", () => {
    const state = parseProjectState({ ...minimal(), timing: { type: "track", trackId: "t1", bps: 2.5 } });
    expect(state.timing).toEqual({ type: "track", trackId: "t1", bps: 2.5, bpsAutomation: [] });
  });
});

describe("project state rejection", () => {
  it.each(["timing", "tracks", "selection"])("refuses a state without %s as an invalid format", (part) => {
    const raw: Record<string, unknown> = minimal();
    delete raw[part];
    expect(failure(raw)).toBe("Invalid project state format");
    expect(failure({ ...minimal(), [part]: null })).toBe("Invalid project state format");
  });

  it.each([null, undefined, "state", 42, []])("refuses %j as an invalid format", (raw) => {
    expect(failure(raw)).toBe("Invalid project state format");
  });

  it("names the path and the problem for bad content", () => {
    expect(failure(withClip({ transposition: 30 }))).toBe(
      "Invalid project state: tracks[0].clips[0].transposition: Too big: expected number to be <=24",
    );
    expect(failure({ ...minimal(), timing: { type: "track" } })).toMatch(
      /^Invalid project state: timing\.trackId: Invalid input: expected string/,
    );
    expect(failure({ ...minimal(), timing: { type: "tap" } })).toBe(
      'Invalid project state: timing.type: type must be "manual" or "track"',
    );
    expect(failure(withTrack({ icon: "Kazoo" }))).toMatch(
      /^Invalid project state: tracks\[0\]\.icon: Invalid option/,
    );
  });

  it("summarises many problems on one line", () => {
    const message = failure({
      ...minimal(),
      amplitude: 2,
      title: 3,
      loop: { enabled: "yes" },
      tracks: [{ id: "" }, { id: "t2", mute: 1 }],
    });
    expect(message).not.toContain("\n");
    expect(message).toMatch(/^Invalid project state: .+; .+; .+; and 2 more$/);
    expect(message).toContain("amplitude: Too big");
  });

  it("keeps the thrown zod error as the cause", () => {
    try {
      parseProjectState(withClip({ amplitude: -1 }));
      expect.unreachable();
    } catch (error) {
      expect((error as Error).cause).toHaveProperty("issues");
    }
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    "refuses %d in numbers",
    (bad) => {
      expect(failure(withClip({ startBeats: bad }))).toContain("tracks[0].clips[0].startBeats");
      expect(failure(withClip({ readStartBeats: bad }))).toContain("readStartBeats");
      expect(failure(withTrack({ height: bad }))).toContain("tracks[0].height");
      expect(failure({ ...minimal(), timing: { bps: bad } })).toContain("timing.bps");
      expect(failure({ ...minimal(), selection: { anchorBeats: bad } })).toContain("selection.anchorBeats");
      expect(failure({ ...minimal(), markersRegistry: { h: [{ beats: 0, seconds: bad }] } })).toContain(
        "markersRegistry.h[0].seconds",
      );
    },
  );

  it("refuses unsorted tempo automation and non-positive tempos", () => {
    const automation = (points: unknown[]) => failure({ ...minimal(), timing: { bpsAutomation: points } });
    expect(
      automation([
        { beats: 8, bps: 2 },
        { beats: 4, bps: 3 },
      ]),
    ).toBe(
      "Invalid project state: timing.bpsAutomation[1].beats: tempo points must be sorted by beats, but beat 4 follows beat 8",
    );
    expect(automation([{ beats: 0, bps: 0 }])).toContain(
      "timing.bpsAutomation[0].bps: tempos are at least 6 BPM",
    );
    expect(automation([{ beats: 0, bps: -2 }])).toContain("timing.bpsAutomation[0].bps");
    expect(
      automation([
        { beats: 4, bps: 2 },
        { beats: 4, bps: 3 },
        { beats: 4, bps: 4 },
      ]),
    ).toContain("at most two tempo points may share beat 4");
  });

  it("accepts a tempo step: two points at one beat", () => {
    const points = [
      { beats: 0, bps: 2 },
      { beats: 4, bps: 2 },
      { beats: 4, bps: 3 },
    ];
    expect(
      parseProjectState({ ...minimal(), timing: { bpsAutomation: points } }).timing.bpsAutomation,
    ).toEqual(points);
  });
});

describe("ranges", () => {
  const accepts = (raw: unknown) => expect(() => parseProjectState(raw)).not.toThrow();
  const refuses = (raw: unknown, path: string) => expect(failure(raw)).toContain(path);

  it("transposition is a whole number of semitones from -24 to 24", () => {
    for (const transposition of [-24, 0, 24]) accepts(withClip({ transposition }));
    for (const transposition of [-25, 25, 1.5]) refuses(withClip({ transposition }), "transposition");
  });

  it("warp speed is 1/128 to 128", () => {
    for (const speed of [1 / 128, 1, 128]) accepts(withClip({ warp: { speed } }));
    for (const speed of [1 / 129, 129, 0]) refuses(withClip({ warp: { speed } }), "warp.speed");
  });

  it("faders are 0 to 1", () => {
    for (const amplitude of [0, 1]) {
      accepts(withTrack({ amplitude }));
      accepts(withClip({ amplitude }));
      accepts({ ...minimal(), amplitude, metronome: { amplitude } });
    }
    for (const amplitude of [-0.01, 1.01]) {
      refuses(withTrack({ amplitude }), "tracks[0].amplitude");
      refuses(withClip({ amplitude }), "clips[0].amplitude");
      refuses({ ...minimal(), amplitude }, "amplitude");
      refuses({ ...minimal(), metronome: { amplitude } }, "metronome.amplitude");
    }
  });

  it("balance is -1 to 1", () => {
    for (const balance of [-1, 0, 1]) accepts(withTrack({ balance }));
    for (const balance of [-1.01, 1.01]) refuses(withTrack({ balance }), "tracks[0].balance");
  });

  it("track height is at least 32", () => {
    accepts(withTrack({ height: 32 }));
    accepts(withTrack({ height: 160 }));
    refuses(withTrack({ height: 31.9 }), "tracks[0].height");
  });

  it("fades are not negative", () => {
    refuses(withClip({ fadeInBeats: -1 }), "fadeInBeats");
    refuses({ ...minimal(), songFadeOutBeats: -1 }, "songFadeOutBeats");
  });

  it("EQ stays within 20 Hz to 20 kHz, q 0.1 to 18, gain ±24 dB", () => {
    accepts(
      withTrack({
        eq: { band1: { frequency: 20, q: 0.1, gain: -24 }, band4: { frequency: 20000, q: 18, gain: 24 } },
      }),
    );
    refuses(withTrack({ eq: { band3: { frequency: 19 } } }), "eq.band3.frequency");
    refuses(withTrack({ eq: { lowPassFilter: { frequency: 20001 } } }), "eq.lowPassFilter.frequency");
    refuses(withTrack({ eq: { highPassFilter: { q: 0 } } }), "eq.highPassFilter.q");
    refuses(withTrack({ eq: { band2: { gain: 25 } } }), "eq.band2.gain");
  });

  it("icons are the twenty names", () => {
    expect(TRACK_ICONS).toHaveLength(20);
    expect(new Set(TRACK_ICONS).size).toBe(20);
    for (const icon of TRACK_ICONS) accepts(withTrack({ icon }));
    refuses(withTrack({ icon: "audio" }), "tracks[0].icon");
  });
});

describe("warp markers", () => {
  const markers = [
    { beats: 0, seconds: 0.1 },
    { beats: 4, seconds: 2.2 },
  ];

  it("a clip holds its own markers or the hash of a shared list", () => {
    const state = parseProjectState({
      ...withClip({ warp: { enabled: true, markers: "h1" } }),
      markersRegistry: { h1: markers },
    });
    const clip = state.tracks[0].clips[0];
    expect(clip.warp.markers).toBe("h1");
    expect(resolveWarpMarkers(clip.warp.markers, state.markersRegistry)).toEqual(markers);
    expect(resolveWarpMarkers(markers, {})).toEqual(markers);
    expect(resolveWarpMarkers("missing", state.markersRegistry)).toBeUndefined();
  });

  it("refuses markers that do not increase in both beats and seconds", () => {
    const backwards = [markers[0], { beats: 4, seconds: 0.05 }];
    expect(failure(withClip({ warp: { markers: backwards } }))).toBe(
      "Invalid project state: tracks[0].clips[0].warp.markers[1]: warp markers must increase in beats and seconds, but (4 beats, 0.05 s) follows (0 beats, 0.1 s)",
    );
    expect(failure({ ...minimal(), markersRegistry: { h: [markers[1], markers[0]] } })).toContain(
      "markersRegistry.h[1]: warp markers must increase",
    );
  });

  it("names the bad field of a marker list rather than the union", () => {
    expect(failure(withClip({ warp: { markers: [{ beats: 0, seconds: "0" }] } }))).toBe(
      "Invalid project state: tracks[0].clips[0].warp.markers[0].seconds: Invalid input: expected number, received string",
    );
  });
});

describe("factories", () => {
  it("newTrack gives a fresh id and the defaults", () => {
    const first = newTrack();
    const second = newTrack({ name: "Drums", icon: "Drums" });
    expect(first.id).toMatch(UUID);
    expect(second.id).not.toBe(first.id);
    expect(second).toEqual({ ...trackSchema.parse({ id: second.id }), name: "Drums", icon: "Drums" });
  });

  it("newTrack refuses values out of range", () => {
    expect(() => newTrack({ height: 10 })).toThrow();
  });

  it("newClip spans the default clip length when its end is not known", () => {
    const clip = newClip({ startBeats: 16 });
    expect(clip.id).toMatch(UUID);
    expect(clip.name).toBe("New Clip");
    expect(clip.amplitude).toBe(1);
    expect([clip.startBeats, clip.endBeats]).toEqual([16, 16 + 960]);
    expect(newClip({ startBeats: 2, endBeats: 6 }).endBeats).toBe(6);
    expect(newClip().id).not.toBe(newClip().id);
  });

  it("newProjectState starts untitled at the fallback tempo with one track", () => {
    const state = newProjectState();
    expect(state.title).toBe("Untitled Project");
    expect(state.timing).toEqual({ type: "manual", bps: 2, bpsAutomation: [] });
    expect(state.tracks).toHaveLength(1);
    expect(state.tracks[0].id).toMatch(UUID);
    expect(state.loop).toEqual({ enabled: false, startBeats: 0, endBeats: 32 });
    expect(newProjectState({ title: "Song", tracks: [] })).toMatchObject({ title: "Song", tracks: [] });
    expect(DEFAULT_SONG_LENGTH_BEATS).toBe(240);
  });
});

describe("round trip", () => {
  it("a saved state reads back equal", () => {
    const clip = newClip({
      clipId: "song-1",
      name: "Verse",
      color: "#ff8800",
      startBeats: 4,
      endBeats: 36.5,
      readStartBeats: 1.25,
      fadeInBeats: 0.0625,
      fadeOutBeats: 2,
      transposition: -7,
      amplitude: 0.8,
      loop: { enabled: true, startBeats: 0, endBeats: 8 },
      warp: { enabled: true, markers: "hash-a", speed: 0.5, awaitingAnalysis: true },
    });
    const track = newTrack({
      name: "Vocals",
      icon: "Vocals",
      balance: -0.25,
      amplitude: 0.7,
      height: 160,
      solo: true,
      eq: { enabled: true, band2: { gain: 3, q: 2.5 }, highPassFilter: { enabled: true, frequency: 80 } },
      clips: [clip, newClip({ startBeats: 40, endBeats: 48, warp: { markers: [{ beats: 0, seconds: 0 }] } })],
      clipCreationIntents: [
        {
          id: "intent",
          startBeats: 48,
          endBeats: 64,
          possibleClipIds: ["p1", "p2"],
          queuedGenerationId: "q",
        },
      ],
      takeLanes: [
        { id: "lane-0", name: ORIGINAL_TAKE_LANE_NAME, clips: [newClip({ startBeats: 48, endBeats: 64 })] },
        { id: "lane-1", name: versionTakeLaneName(1) },
      ],
      takeLanesExpanded: true,
      soloTakeLaneId: "lane-1",
    });
    const state = newProjectState({
      title: "Round trip",
      editClipId: "song-1",
      amplitude: 0.9,
      songFadeOutBeats: 4,
      timing: {
        type: "track",
        trackId: track.id,
        bps: 2.2,
        bpsAutomation: [
          { beats: 0, bps: 2 },
          { beats: 32, bps: 2.5 },
          { beats: 32, bps: 3 },
        ],
      },
      metronome: { enabled: true, amplitude: 0.25 },
      loop: { enabled: true, startBeats: 8, endBeats: 24 },
      selection: { trackIds: [track.id], focusedTrackId: track.id, anchorBeats: 12, focusBeats: 4 },
      tracks: [track, newTrack()],
      metadata: { usedSplit: true, usedExtend: true },
      lyricsCorrectionsByClipId: {
        "song-1": [
          { startSeconds: 1, endSeconds: 3.5, alignedLyrics: [{ word: "hello", start_s: 1.1, end_s: 1.6 }] },
        ],
      },
      markersRegistry: {
        "hash-a": [
          { beats: 0, seconds: 0.02 },
          { beats: 4, seconds: 1.9 },
        ],
      },
    });
    expect(parseProjectState(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });
});

import { describe, expect, it } from "vitest";
import { createTempoMap } from "../../src/shared/timing/tempo-map.ts";
import { memoryStorage } from "../../src/studio/persistence/local-copy.ts";
import {
  INPUT_ERROR_TITLE,
  inputAccessError,
  PERMISSION_HINT,
  rawInputConstraints,
  TRY_AGAIN,
} from "../../src/studio/recording/input-access.ts";
import {
  forgetRoundTrip,
  storedRoundTrip,
  storeRoundTrip,
} from "../../src/studio/recording/latency-store.ts";
import {
  ALREADY_RECORDING_MESSAGE,
  LOOPING_MESSAGE,
  NO_ARMED_TRACK_MESSAGE,
  nextStage,
  type RecordStage,
  startRefusal,
} from "../../src/studio/recording/record-rules.ts";
import { TakeCollector } from "../../src/studio/recording/take-collector.ts";

describe("record stages", () => {
  it("goes Ready, Preparing, Recording and back to Ready", () => {
    let stage: RecordStage = "ready";
    stage = nextStage(stage, "start");
    expect(stage).toBe("preparing");
    stage = nextStage(stage, "capturing");
    expect(stage).toBe("recording");
    expect(nextStage(stage, "start")).toBe("recording");
    expect(nextStage(stage, "stop")).toBe("ready");
  });

  it("starts only from Ready, and goes back to Ready when preparing fails or is stopped", () => {
    expect(nextStage("ready", "capturing")).toBe("ready");
    expect(nextStage("preparing", "start")).toBe("preparing");
    expect(nextStage("preparing", "fail")).toBe("ready");
    expect(nextStage("preparing", "stop")).toBe("ready");
  });

  it("refuses while already recording, when looping is on, and with no armed track", () => {
    const ok = { stage: "ready" as const, looping: false, armedTracks: 2 };
    expect(startRefusal(ok)).toBeNull();
    expect(startRefusal({ ...ok, stage: "recording" })).toBe(ALREADY_RECORDING_MESSAGE);
    expect(startRefusal({ ...ok, stage: "preparing" })).toBe(ALREADY_RECORDING_MESSAGE);
    expect(startRefusal({ ...ok, looping: true })).toBe(LOOPING_MESSAGE);
    expect(startRefusal({ ...ok, armedTracks: 0 })).toBe(NO_ARMED_TRACK_MESSAGE);
  });
});

describe("audio input access", () => {
  it("says the spec's words: the permission hint when refused, else try again", () => {
    expect(inputAccessError(new DOMException("denied", "NotAllowedError"))).toEqual({
      title: "Error accessing audio inputs.",
      description: "You may need to grant microphone permission to the site through your browser settings.",
    });
    expect(inputAccessError(new DOMException("gone", "NotFoundError"))).toEqual({
      title: INPUT_ERROR_TITLE,
      description: TRY_AGAIN,
    });
    expect(TRY_AGAIN).toBe("Please try again.");
    expect(inputAccessError(new Error("enumeration failed")).description).toBe(TRY_AGAIN);
    expect(inputAccessError({ name: "SecurityError" }).description).toBe(PERMISSION_HINT);
  });

  it("opens the chosen input raw: no echo cancelling, noise suppression or gain control", () => {
    expect(rawInputConstraints("mic-2")).toEqual({
      audio: {
        deviceId: { exact: "mic-2" },
        echoCancellation: false,
        noiseSuppression: false,
        autoGainControl: false,
      },
      video: false,
    });
    expect(rawInputConstraints(null).audio).not.toHaveProperty("deviceId");
  });
});

describe("round trips kept per device", () => {
  it("keeps each device's measure, forgets one on request, and ignores a damaged entry", () => {
    const storage = memoryStorage();
    expect(storedRoundTrip(storage, "mic-1")).toBeNull();
    storeRoundTrip(storage, "mic-1", 0.0123);
    storeRoundTrip(storage, null, 0.02);
    expect(storedRoundTrip(storage, "mic-1")).toBe(0.0123);
    expect(storedRoundTrip(storage, null)).toBe(0.02);
    forgetRoundTrip(storage, "mic-1");
    expect(storedRoundTrip(storage, "mic-1")).toBeNull();
    expect(storedRoundTrip(storage, null)).toBe(0.02);
    storage.setItem("tunesmith:studio:input-round-trips", '{"mic-1": -4}');
    expect(storedRoundTrip(storage, "mic-1")).toBeNull();
    expect(storedRoundTrip(null, "mic-1")).toBeNull();
  });
});

describe("a take as it is recorded", () => {
  // 120 BPM: 2 beats a second; 1000 frames a second keeps the numbers readable.
  const tempo = createTempoMap({});
  const timing = {
    sampleRate: 1000,
    ringStartFrame: 5000,
    timelineOffset: -3000,
    roundTripFrames: 40,
    tempo,
  };

  it("gives one amplitude per 10 ms on the timeline and places the take where it was heard", () => {
    const collector = new TakeCollector(timing);
    const block = new Float32Array(25).fill(0.1);
    block[12] = -0.9;
    // Ring index 1000: context frame 6000, timeline frame 3000, heard at 3000 - 40 = 2960 (2.96 s).
    const amplitudes = collector.add({ samples: block, index: 1000, lost: 0 });
    expect(amplitudes).toHaveLength(2);
    expect(amplitudes[0][0]).toBeCloseTo(5.92, 9);
    expect(amplitudes[0][1]).toBeCloseTo(5.94, 9);
    expect(amplitudes[0][2]).toBeCloseTo(0.1, 6);
    expect(amplitudes[1][2]).toBeCloseTo(0.9, 6);
    expect(collector.add({ samples: new Float32Array(5), index: 1025, lost: 0 })).toHaveLength(1);
    const take = collector.finish();
    expect(take?.startBeats).toBeCloseTo(5.92, 9);
    expect(take?.samples.length).toBe(30);
  });

  it("fills lost samples with silence so the rest stays in time", () => {
    const collector = new TakeCollector(timing);
    collector.add({ samples: new Float32Array(10).fill(0.5), index: 0, lost: 0 });
    collector.add({ samples: new Float32Array(10).fill(0.5), index: 30, lost: 20 });
    const take = collector.finish();
    expect(take?.samples.length).toBe(40);
    expect(Array.from(take?.samples.subarray(10, 30) ?? [])).toEqual(new Array(20).fill(0));
  });

  it("drops what would lie before the timeline's start, and is empty when nothing was read", () => {
    const early = new TakeCollector({ ...timing, timelineOffset: -5000 });
    // Ring index 0: context 5000, timeline 0, heard at -40: the first 40 samples go.
    early.add({ samples: new Float32Array(100), index: 0, lost: 0 });
    const take = early.finish();
    expect(take?.startBeats).toBe(0);
    expect(take?.samples.length).toBe(60);
    expect(new TakeCollector(timing).finish()).toBeNull();
  });
});

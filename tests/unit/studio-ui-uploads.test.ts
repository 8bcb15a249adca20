import { describe, expect, it } from "vitest";
import { demoProject } from "../../src/engine/demo/demo-project.ts";
import type { SourceAudio } from "../../src/engine/index.ts";
import { SourceLibrary } from "../../src/studio/audio/source-library.ts";
import type { StudioAudio } from "../../src/studio/audio/studio-audio.ts";
import { placeUploadedClip, reidentifyUpload } from "../../src/studio/editing/index.ts";
import { StudioController } from "../../src/studio/store/studio-controller.ts";
import { uploadBannerText } from "../../src/studio/uploads/banner-text.ts";
import {
  AUDIO_ONLY_MESSAGE,
  clipNameOf,
  oneFileAtATimeMessage,
  pickDroppedAudio,
  TOO_LARGE_MESSAGE,
} from "../../src/studio/uploads/drop-validation.ts";
import { UploadManager } from "../../src/studio/uploads/upload-manager.ts";

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("dropping files on a track", () => {
  it("takes the first file, audio only, at most 500 MB", () => {
    expect(pickDroppedAudio([])).toBeNull();
    expect(pickDroppedAudio([file("a.wav", "audio/wav"), file("b.txt", "text/plain")])).toEqual({
      file: file("a.wav", "audio/wav"),
    });
    expect(pickDroppedAudio([file("notes.txt", "text/plain"), file("a.wav", "audio/wav")])).toEqual({
      error: AUDIO_ONLY_MESSAGE,
    });
    expect(AUDIO_ONLY_MESSAGE).toBe("Please upload audio files only.");
    expect(pickDroppedAudio([file("song.flac", "")])).toEqual({ file: file("song.flac", "") });
    expect(pickDroppedAudio([file("big.wav", "audio/wav", 524_288_001)])).toEqual({
      error: TOO_LARGE_MESSAGE,
    });
    expect(pickDroppedAudio([file("edge.wav", "audio/wav", 524_288_000)])).toEqual({
      file: file("edge.wav", "audio/wav", 524_288_000),
    });
  });

  it("names the clip after the file", () => {
    expect(clipNameOf("My Song.final.mp3")).toBe("My Song.final");
    expect(clipNameOf("noext")).toBe("noext");
  });

  it("says which file is coming, or how many", () => {
    const entry = (id: string, phase: "uploading" | "processing" | "failed") => ({
      id,
      fileName: `${id}.wav`,
      phase,
      message: null,
    });
    expect(uploadBannerText([])).toBeNull();
    expect(uploadBannerText([entry("a", "uploading")])).toBe("a.wav is coming");
    expect(uploadBannerText([entry("a", "uploading"), entry("b", "processing"), entry("c", "failed")])).toBe(
      "2 Files Uploading...",
    );
  });
});

describe("uploaded clips", () => {
  it("lands on the track, replacing what lies under it, and takes its song clip id later", () => {
    const placed = placeUploadedClip(demoProject(), {
      trackId: "demo-track-kick",
      clipId: "new",
      uploadId: "local-1",
      name: "Take",
      startBeats: 8,
      lengthBeats: 4,
    });
    const spans = placed.tracks[0].clips.map((clip) => [clip.id, clip.startBeats, clip.endBeats]);
    expect(spans.slice(0, 3)).toEqual([
      ["demo-track-kick-clip-1", 0, 8],
      ["new", 8, 12],
      [expect.any(String), 12, 16],
    ]);
    const done = reidentifyUpload(placed, "local-1", { uploadId: "server-1", clipId: "song-1" });
    expect(done.tracks[0].clips[1]).toMatchObject({ uploadId: "server-1", clipId: "song-1" });
    expect(reidentifyUpload(done, "local-1", { uploadId: "x", clipId: null })).toBe(done);
  });

  it("plays the dropped file at once and points the clip at the song clip once uploaded", async () => {
    const controller = new StudioController(demoProject());
    const loaded: string[] = [];
    const sources = new SourceLibrary(null, (id) => loaded.push(id));
    const audio = {
      sources,
      decode: async (): Promise<SourceAudio> => ({
        sampleRate: 48_000,
        channels: [new Float32Array(48_000)],
      }),
    } as unknown as StudioAudio;
    let finish: (value: { uploadId: string; clipId: string }) => void = () => undefined;
    const analysed: string[] = [];
    const manager = new UploadManager(
      controller,
      () => audio,
      (_file, onProgress) => {
        onProgress("uploading", "server-9");
        return new Promise((resolve) => {
          finish = resolve;
        });
      },
      async (songClipId, onFrame) => {
        analysed.push(songClipId);
        expect(controller.project.tracks[5].clips[0].warp).toMatchObject({
          enabled: true,
          awaitingAnalysis: true,
        });
        const frame = { seconds_missing_from_start: 0, bpm: 120, state: "running" as const, final: false };
        onFrame({ ...frame, downbeats: [[0.25, 4]], seconds_analysed: 0.5 });
        expect(controller.project.tracks[5].clips[0].warp).toMatchObject({
          awaitingAnalysis: true,
          markers: [{ beats: 3, seconds: 0.25 }],
        });
        onFrame({
          ...frame,
          downbeats: [
            [0.25, 4],
            [0.75, 1],
          ],
          seconds_analysed: 1,
          state: "complete",
          final: true,
        });
      },
    );
    const dropped = new File([new Uint8Array(16)], "Vocal take.wav", { type: "audio/wav" });
    const done = manager.drop([dropped], { trackId: "demo-track-lead", beat: 0 });
    await expect.poll(() => controller.state.uploads.length).toBe(1);
    expect(uploadBannerText(controller.state.uploads)).toBe("Vocal take.wav is coming");
    await expect.poll(() => controller.project.tracks[5].clips[0]?.name).toBe("Vocal take");
    // One second at 2 beats a second.
    expect(controller.project.tracks[5].clips[0]).toMatchObject({ startBeats: 0, endBeats: 2, clipId: null });
    expect(loaded).toHaveLength(1);
    finish({ uploadId: "server-9", clipId: "song-9" });
    await done;
    expect(controller.project.tracks[5].clips[0]).toMatchObject({ clipId: "song-9", uploadId: "server-9" });
    // Beat analysis marked the clip On Beat and left its markers, a downbeat on the bar line.
    expect(analysed).toEqual(["song-9"]);
    expect(controller.project.tracks[5].clips[0].warp).toMatchObject({
      enabled: true,
      awaitingAnalysis: false,
      markers: [
        { beats: 3, seconds: 0.25 },
        { beats: 4, seconds: 0.75 },
      ],
    });
    expect(loaded).toEqual([loaded[0], "song-9"]);
    expect(controller.state.uploads).toHaveLength(0);
    expect(controller.state.history.past).toHaveLength(1);
  });

  it("refuses what is not audio with the required message", async () => {
    const controller = new StudioController(demoProject());
    const manager = new UploadManager(controller, () => null);
    await manager.drop([new File(["x"], "notes.txt", { type: "text/plain" })], {
      trackId: "demo-track-lead",
      beat: 0,
    });
    expect(controller.state.toasts.at(-1)?.title).toBe("Please upload audio files only.");
  });

  const fakeAudio = (decoded: string[]) =>
    ({
      sources: new SourceLibrary(null, () => undefined),
      decode: async (file: ArrayBuffer): Promise<SourceAudio> => {
        decoded.push(new TextDecoder().decode(file));
        return { sampleRate: 48_000, channels: [new Float32Array(48_000)] };
      },
    }) as unknown as StudioAudio;

  /** An upload manager over fakeAudio that records the files it decodes and sends; the upload answers clipId. */
  const recordingManager = (controller: StudioController, clipId: string) => {
    const decoded: string[] = [];
    const sent: string[] = [];
    const manager = new UploadManager(
      controller,
      () => fakeAudio(decoded),
      async (file) => {
        sent.push(file.name);
        return { uploadId: "u", clipId };
      },
      async () => undefined,
    );
    return { manager, decoded, sent };
  };

  it("uploads nothing onto a read-only project, opening its clone dialog instead", async () => {
    const controller = new StudioController(demoProject());
    controller.setReadOnly(true);
    let dialogs = 0;
    controller.onReadOnlyEdit = () => {
      dialogs++;
    };
    const { manager, decoded, sent } = recordingManager(controller, "c");
    const before = controller.project;
    await manager.drop([new File(["a"], "Take.wav", { type: "audio/wav" })], {
      trackId: "demo-track-lead",
      beat: 0,
    });
    expect(dialogs).toBe(1);
    expect(decoded).toEqual([]);
    expect(sent).toEqual([]);
    expect(controller.state.uploads).toEqual([]);
    expect(controller.project).toBe(before);
  });

  it("uploads the first of several dropped files and says one file at a time", async () => {
    const controller = new StudioController(demoProject());
    const { manager, decoded, sent } = recordingManager(controller, "song-1");
    await manager.drop(
      [
        new File(["first"], "One.wav", { type: "audio/wav" }),
        new File(["second"], "Two.wav", { type: "audio/wav" }),
      ],
      { trackId: "demo-track-lead", beat: 0 },
    );
    expect(decoded).toEqual(["first"]);
    expect(sent).toEqual(["One.wav"]);
    expect(controller.state.toasts.map((toast) => toast.title)).toEqual([
      "Please upload one file at a time. Only One.wav is uploaded.",
    ]);
    expect(oneFileAtATimeMessage("One.wav")).toBe(
      "Please upload one file at a time. Only One.wav is uploaded.",
    );
    expect(controller.project.tracks[5].clips[0]).toMatchObject({ name: "One", clipId: "song-1" });
  });
});

// Several uploads at once: the banner counts them, each has its status, a running one can be
// cancelled (its clips go), a failed one keeps its file and can be sent again, and one the server
// refuses as invalid is undone with the persistent "Invalid upload. Please try again." toast.

import { describe, expect, it, vi } from "vitest";
import { demoProject } from "../../src/engine/demo/demo-project.ts";
import type { SourceAudio } from "../../src/engine/index.ts";
import { SourceLibrary } from "../../src/studio/audio/source-library.ts";
import type { StudioAudio } from "../../src/studio/audio/studio-audio.ts";
import { StudioController } from "../../src/studio/store/studio-controller.ts";
import { uploadBannerText, uploadStatusText } from "../../src/studio/uploads/banner-text.ts";
import { memoryPendingFiles, type PendingFiles } from "../../src/studio/uploads/pending-files.ts";
import { UploadError } from "../../src/studio/uploads/upload-api.ts";
import {
  INVALID_UPLOAD_MESSAGE,
  type Uploader,
  UploadManager,
} from "../../src/studio/uploads/upload-manager.ts";

/** A page's audio: its own source library, and a decoder reading the first byte as the length in ms. */
const pageAudio = () =>
  ({
    sources: new SourceLibrary(null, () => undefined),
    decode: async (bytes: ArrayBuffer): Promise<SourceAudio> => ({
      sampleRate: 48_000,
      channels: [new Float32Array(48 * (new Uint8Array(bytes)[0] ?? 0))],
    }),
  }) as unknown as StudioAudio;

const audio = pageAudio();

/** An uploader whose every call waits until the test settles it. */
function pendingUploader() {
  const calls: {
    name: string;
    signal: AbortSignal | undefined;
    resolve: (clipId: string) => void;
    reject: (error: Error) => void;
  }[] = [];
  const upload: Uploader = (file, onProgress, signal) =>
    new Promise((resolve, reject) => {
      onProgress("uploading", null);
      calls.push({
        name: file.name,
        signal,
        resolve: (clipId) => resolve({ uploadId: `server-${clipId}`, clipId }),
        reject,
      });
    });
  return { calls, upload };
}

/** A demo project's controller and an upload manager whose uploads wait for the test. */
function uploadSetup(
  page: { pending?: PendingFiles; project?: ReturnType<typeof demoProject>; audio?: StudioAudio } = {},
) {
  const controller = new StudioController(page.project ?? demoProject());
  const { calls, upload } = pendingUploader();
  const manager = new UploadManager(
    controller,
    () => page.audio ?? audio,
    upload,
    async () => undefined,
    page.pending ?? memoryPendingFiles(),
  );
  return { controller, calls, manager };
}

const take = (name: string, trackId: string) => ({
  file: new File([name], name, { type: "audio/wav" }),
  audio: { sampleRate: 48_000, channels: [new Float32Array(24_000)] },
  trackIds: [trackId],
  startBeats: 4,
});

const clipsOf = (controller: StudioController, trackIndex: number) =>
  controller.project.tracks[trackIndex].clips.filter((clip) => clip.startBeats === 4);

describe("several uploads onto tracks", () => {
  it("counts them in the banner and gives each its status", async () => {
    const { controller, calls, manager } = uploadSetup();
    const first = manager.place(take("One.wav", "demo-track-lead"));
    const second = manager.place(take("Two.wav", "demo-track-bass"));
    await expect.poll(() => calls.length).toBe(2);
    expect(uploadBannerText(controller.state.uploads)).toBe("2 Files Uploading...");
    expect(controller.state.uploads.map(uploadStatusText)).toEqual(["Uploading", "Uploading"]);
    calls[0].resolve("song-1");
    await first;
    // Completed: its entry goes, and the banner names the one left.
    expect(controller.state.uploads.map((entry) => entry.fileName)).toEqual(["Two.wav"]);
    expect(uploadBannerText(controller.state.uploads)).toBe("Two.wav is coming");
    calls[1].reject(new UploadError("Upload failed"));
    await second;
    expect(controller.state.uploads).toMatchObject([{ phase: "failed", canRetry: true }]);
    expect(uploadStatusText(controller.state.uploads[0])).toBe("Failed: Upload failed. Kept here to retry.");
    expect(uploadBannerText(controller.state.uploads)).toBeNull();
  });

  it("cancels a running upload: the request is aborted, its entry and its clips go", async () => {
    const { controller, calls, manager } = uploadSetup();
    const done = manager.place(take("Take 1.wav", "demo-track-lead"));
    await expect.poll(() => calls.length).toBe(1);
    expect(clipsOf(controller, 5)).toHaveLength(1);
    const id = controller.state.uploads[0].id;
    manager.cancel(id);
    expect(calls[0].signal?.aborted).toBe(true);
    calls[0].reject(new Error("aborted"));
    await done;
    expect(controller.state.uploads).toEqual([]);
    expect(clipsOf(controller, 5)).toHaveLength(0);
    // Nothing of it comes back with undo either.
    controller.undo();
    expect(controller.project.tracks[5].clips.some((clip) => clip.uploadId === id)).toBe(false);
  });

  it("retries a failed upload with the kept file, and the clip takes its song clip id", async () => {
    const { controller, calls, manager } = uploadSetup();
    const first = manager.place(take("Take 2.wav", "demo-track-lead"));
    await expect.poll(() => calls.length).toBe(1);
    calls[0].reject(new UploadError("Upload failed"));
    await first;
    const id = controller.state.uploads[0].id;
    const again = manager.retry(id);
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1].name).toBe("Take 2.wav");
    expect(controller.state.uploads).toMatchObject([{ phase: "uploading" }]);
    calls[1].resolve("song-2");
    await again;
    expect(controller.state.uploads).toEqual([]);
    expect(clipsOf(controller, 5)).toMatchObject([{ clipId: "song-2", uploadId: "server-song-2" }]);
  });

  it("sends every failed upload again at once when asked (the connection came back)", async () => {
    const { controller, calls, manager } = uploadSetup();
    const first = manager.place(take("One.wav", "demo-track-lead"));
    const second = manager.place(take("Two.wav", "demo-track-bass"));
    await expect.poll(() => calls.length).toBe(2);
    calls[0].reject(new UploadError("Upload failed"));
    calls[1].resolve("song-2");
    await Promise.all([first, second]);
    const again = manager.retryFailed();
    await expect.poll(() => calls.length).toBe(3);
    expect(calls[2].name).toBe("One.wav");
    calls[2].resolve("song-1");
    await again;
    expect(controller.state.uploads).toEqual([]);
  });

  it("keeps a failed take in the browser and sends it again on the next visit, playing meanwhile", async () => {
    const pending = memoryPendingFiles();
    const first = uploadSetup({ pending, audio: pageAudio() });
    const done = first.manager.place(take("Take 1.wav", "demo-track-lead"));
    await expect.poll(() => first.calls.length).toBe(1);
    first.calls[0].reject(new UploadError("Upload failed"));
    await done;
    const [placed] = clipsOf(first.controller, 5);
    const localId = placed.uploadId ?? "";
    expect(await pending.find(localId)).not.toBeNull();

    // The page is left and opened again: a new controller on the saved state, an empty source library.
    const nextAudio = pageAudio();
    const next = uploadSetup({ pending, project: first.controller.project, audio: nextAudio });
    await next.manager.restorePending(next.controller.project);
    expect(nextAudio.sources.has(localId)).toBe(true);
    await expect.poll(() => next.calls.length).toBe(1);
    expect(next.calls[0].name).toBe("Take 1.wav");
    next.calls[0].resolve("song-take");
    await expect.poll(() => clipsOf(next.controller, 5)[0]?.clipId).toBe("song-take");
    await expect.poll(() => pending.find(localId)).toBeNull();
    expect(next.controller.state.uploads).toEqual([]);
  });

  it("undoes an invalid upload with the persistent toast", async () => {
    const { controller, calls, manager } = uploadSetup();
    const done = manager.place(take("Noise.wav", "demo-track-lead"));
    await expect.poll(() => calls.length).toBe(1);
    calls[0].reject(new UploadError("Audio too short", { invalid: true }));
    await done;
    expect(INVALID_UPLOAD_MESSAGE).toBe("Invalid upload. Please try again.");
    expect(controller.state.toasts.map((toast) => toast.title)).toEqual([INVALID_UPLOAD_MESSAGE]);
    expect(controller.state.uploads).toEqual([]);
    expect(clipsOf(controller, 5)).toHaveLength(0);
    // Persistent: still there a minute on, when an error toast's 5 s would have ended it.
    vi.useFakeTimers();
    try {
      controller.toast({ kind: "error", title: "A passing error" });
      vi.advanceTimersByTime(60_000);
    } finally {
      vi.useRealTimers();
    }
    expect(controller.state.toasts.map((toast) => toast.title)).toEqual([INVALID_UPLOAD_MESSAGE]);
  });
});

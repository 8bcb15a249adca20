// Files dropped on a track, and recorded takes: decoded (or already decoded) on the page and placed
// at once, so they play while they upload; uploaded to the server meanwhile, and their clips
// pointed at the song clip once there is one. Each upload can be cancelled while it runs; a failed
// one keeps its file and can be sent again; one the server refuses as invalid is undone. Files not
// yet on the server are kept in the browser too, and sent again on the studio's next visit.

import { clipSourceId } from "../../engine/index.ts";
import { applyBeatsFrame, type NumberedBeat } from "../../shared/beats/beats-result.ts";
import type { StudioProjectState } from "../../shared/project/index.ts";
import { beats, seconds } from "../../shared/time.ts";
import { beatsToSeconds, secondsToBeats } from "../../shared/timing/tempo-map.ts";
import { LOCAL_UPLOAD_PREFIX, type StudioAudio } from "../audio/studio-audio.ts";
import {
  applyClipDownbeats,
  markAwaitingAnalysis,
  placeUploadedClip,
  reidentifyUpload,
} from "../editing/index.ts";
import type { StudioController } from "../store/studio-controller.ts";
import { tempoOf } from "../timeline/project-geometry.ts";
import { type DownbeatsStreamer, streamDownbeats } from "./downbeats-stream.ts";
import { clipNameOf, oneFileAtATimeMessage, pickDroppedAudio } from "./drop-validation.ts";
import { browserPendingFiles, type PendingFiles } from "./pending-files.ts";
import { UploadError, type UploadedClip, type UploadProgress, uploadAudioFile } from "./upload-api.ts";
import { removeUploadClips } from "./upload-clips.ts";

export interface DropTarget {
  readonly trackId: string;
  readonly beat: number;
}

export type Uploader = (
  file: File,
  onProgress: (phase: UploadProgress, uploadId: string | null) => void,
  signal?: AbortSignal,
) => Promise<UploadedClip>;

/** Shown, persistent until closed, when the server cannot make a clip of a file. */
export const INVALID_UPLOAD_MESSAGE = "Invalid upload. Please try again.";

/** Decoded audio ready to play, and the file that is uploaded for it. */
export interface PlacedAudio {
  readonly file: File;
  readonly audio: Awaited<ReturnType<StudioAudio["decode"]>>;
  /** One clip per track, all playing the same upload. */
  readonly trackIds: readonly string[];
  readonly startBeats: number;
}

export class UploadManager {
  /** Files of uploads in flight or failed, kept for a retry. */
  private readonly files = new Map<string, File>();
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly controller: StudioController,
    private readonly audio: () => StudioAudio | null,
    private readonly upload: Uploader = uploadAudioFile,
    private readonly downbeats: DownbeatsStreamer = streamDownbeats(),
    private readonly pending: PendingFiles = browserPendingFiles(),
  ) {}

  async drop(files: readonly File[], target: DropTarget): Promise<void> {
    const pick = pickDroppedAudio(files);
    if (pick === null) return;
    // A read-only project (locked, someone else's) takes no uploads: the clone dialog instead.
    if (!this.controller.mayEdit()) return;
    if ("error" in pick) {
      this.controller.toast({ kind: "error", title: pick.error });
      return;
    }
    if (files.length > 1) {
      this.controller.toast({ kind: "info", title: oneFileAtATimeMessage(pick.file.name) });
    }
    const audio = this.audio();
    if (audio === null) {
      this.controller.toast({
        kind: "info",
        title: "The audio engine is still loading: drop the file again in a moment.",
      });
      return;
    }
    const file = pick.file;
    const localId = `${LOCAL_UPLOAD_PREFIX}${crypto.randomUUID()}`;
    this.controller.setUpload({ id: localId, fileName: file.name, phase: "uploading", message: null });
    let decoded: PlacedAudio["audio"];
    try {
      decoded = await audio.decode(await file.arrayBuffer());
    } catch (error) {
      // An undecodable drop is logged, and nothing more is said.
      console.warn(`Could not decode ${file.name}`, error);
      this.controller.dropUpload(localId);
      return;
    }
    await this.place({ file, audio: decoded, trackIds: [target.trackId], startBeats: target.beat }, localId);
  }

  /** Places audio the page already holds (a recorded take) and uploads its file. */
  async place(placed: PlacedAudio, localId = `${LOCAL_UPLOAD_PREFIX}${crypto.randomUUID()}`): Promise<void> {
    const audio = this.audio();
    if (audio === null) return;
    audio.sources.add(localId, placed.audio);
    const tempo = tempoOf(this.controller.project);
    const durationSeconds = (placed.audio.channels[0]?.length ?? 0) / placed.audio.sampleRate;
    const startSeconds = beatsToSeconds(tempo, beats(placed.startBeats));
    const lengthBeats = secondsToBeats(tempo, seconds(startSeconds + durationSeconds)) - placed.startBeats;
    const clipIds = placed.trackIds.map(() => crypto.randomUUID());
    this.controller.edit((project) =>
      placed.trackIds.reduce(
        (state, trackId, index) =>
          placeUploadedClip(state, {
            trackId,
            clipId: clipIds[index],
            uploadId: localId,
            name: clipNameOf(placed.file.name),
            startBeats: placed.startBeats,
            lengthBeats,
          }),
        project,
      ),
    );
    if (placed.trackIds.length > 0) {
      this.controller.selectClip({ trackId: placed.trackIds[0], clipId: clipIds[0] });
    }
    this.files.set(localId, placed.file);
    await this.pending.keep(localId, placed.file).catch((error) => {
      console.warn(`${placed.file.name} is kept for this page only`, error);
    });
    await this.send(localId);
  }

  /**
   * Files placed in an earlier visit whose upload never finished: their audio comes back from the
   * browser's copy, plays at once, and is sent again. Answers once their audio is in place.
   */
  async restorePending(project: StudioProjectState): Promise<void> {
    const audio = this.audio();
    if (audio === null) return;
    const local = new Set<string>();
    for (const track of project.tracks) {
      for (const clip of [...track.clips, ...track.takeLanes.flatMap((lane) => lane.clips)]) {
        const source = clipSourceId(clip);
        if (source?.startsWith(LOCAL_UPLOAD_PREFIX) && !audio.sources.has(source)) local.add(source);
      }
    }
    const restored = await Promise.all(
      [...local].map(async (localId) => {
        try {
          const file = await this.pending.find(localId);
          if (file === null) return null;
          audio.sources.add(localId, await audio.decode(await file.arrayBuffer()));
          this.files.set(localId, file);
          return localId;
        } catch (error) {
          console.warn(`Could not bring back the unfinished upload ${localId}`, error);
          return null;
        }
      }),
    );
    for (const localId of restored) if (localId !== null) void this.send(localId);
  }

  /** Sends a failed upload's kept file again. */
  async retry(localId: string): Promise<void> {
    if (!this.files.has(localId) || this.running.has(localId)) return;
    await this.send(localId);
  }

  /** Sends every failed upload's kept file again (the connection came back). */
  async retryFailed(): Promise<void> {
    const failed = this.controller.state.uploads.filter((entry) => entry.phase === "failed");
    await Promise.all(failed.map((entry) => this.retry(entry.id)));
  }

  /** Stops an upload before its clip is made; its entry and its clips go. */
  cancel(localId: string): void {
    this.running.get(localId)?.abort();
    this.forget(localId);
  }

  private forget(localId: string): void {
    this.running.delete(localId);
    this.files.delete(localId);
    this.dropKept(localId);
    this.controller.dropUpload(localId);
    this.controller.rewrite((project) => removeUploadClips(project, localId));
  }

  private dropKept(localId: string): void {
    this.pending.drop(localId).catch((error) => console.warn(`Could not forget ${localId}`, error));
  }

  private async send(localId: string): Promise<void> {
    const file = this.files.get(localId);
    if (file === undefined) return;
    const abort = new AbortController();
    this.running.set(localId, abort);
    this.controller.setUpload({ id: localId, fileName: file.name, phase: "uploading", message: null });
    let uploaded: UploadedClip;
    try {
      uploaded = await this.upload(
        file,
        (phase) => {
          if (!abort.signal.aborted) {
            this.controller.setUpload({ id: localId, fileName: file.name, phase, message: null });
          }
        },
        abort.signal,
      );
    } catch (error) {
      if (abort.signal.aborted) return;
      this.running.delete(localId);
      if (error instanceof UploadError && error.invalid) {
        this.forget(localId);
        this.controller.toast({ kind: "error", title: INVALID_UPLOAD_MESSAGE }, 0);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      this.controller.setUpload({
        id: localId,
        fileName: file.name,
        phase: "failed",
        message,
        canRetry: true,
      });
      return;
    }
    if (abort.signal.aborted) return;
    this.running.delete(localId);
    this.files.delete(localId);
    this.dropKept(localId);
    this.audio()?.sources.alias(uploaded.clipId, localId);
    this.controller.rewrite((project) =>
      reidentifyUpload(project, localId, { uploadId: uploaded.uploadId, clipId: uploaded.clipId }),
    );
    this.controller.dropUpload(localId);
    await this.followAnalysis(uploaded.clipId);
  }

  /**
   * Warps a song clip's studio clips to the beat as its downbeats arrive. Analysis results are not
   * edits of the user's: they go into every state of the history, so undo keeps them.
   */
  async followAnalysis(songClipId: string): Promise<void> {
    this.controller.rewrite((project) => markAwaitingAnalysis(project, songClipId));
    let held: NumberedBeat[] = [];
    let final = false;
    await this.downbeats(songClipId, (frame) => {
      held = applyBeatsFrame(held, frame);
      final = frame.final;
      this.controller.rewrite((project) => applyClipDownbeats(project, songClipId, held, frame.final));
    });
    // A stream that failed or ended early stops the wait, keeping the beats it brought.
    if (!final) this.controller.rewrite((project) => applyClipDownbeats(project, songClipId, held, true));
  }

  /** A project saved while clips waited for their analysis picks it up again on opening. */
  resumeAnalyses(project: StudioProjectState): void {
    const waiting = new Set<string>();
    for (const track of project.tracks) {
      for (const clip of [...track.clips, ...track.takeLanes.flatMap((lane) => lane.clips)]) {
        if (clip.warp.awaitingAnalysis && clip.clipId !== null) waiting.add(clip.clipId);
      }
    }
    for (const songClipId of waiting) void this.followAnalysis(songClipId);
  }
}

// A file dropped on a track: decoded on the page and placed at once, so it plays while it uploads;
// uploaded to the server meanwhile, and the clip pointed at its song clip once there is one.

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
import { type UploadedClip, type UploadProgress, uploadAudioFile } from "./upload-api.ts";

export interface DropTarget {
  readonly trackId: string;
  readonly beat: number;
}

export type Uploader = (
  file: File,
  onProgress: (phase: UploadProgress, uploadId: string | null) => void,
) => Promise<UploadedClip>;

/** How long a failed upload's notice stays in the banner. */
const FAILED_NOTICE_MS = 8000;

export class UploadManager {
  constructor(
    private readonly controller: StudioController,
    private readonly audio: () => StudioAudio | null,
    private readonly upload: Uploader = uploadAudioFile,
    private readonly downbeats: DownbeatsStreamer = streamDownbeats(),
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
    let decoded: Awaited<ReturnType<StudioAudio["decode"]>>;
    try {
      decoded = await audio.decode(await file.arrayBuffer());
    } catch (error) {
      // An undecodable drop is logged, and nothing more is said.
      console.warn(`Could not decode ${file.name}`, error);
      this.controller.dropUpload(localId);
      return;
    }
    audio.sources.add(localId, decoded);
    const tempo = tempoOf(this.controller.project);
    const durationSeconds = (decoded.channels[0]?.length ?? 0) / decoded.sampleRate;
    const startSeconds = beatsToSeconds(tempo, beats(target.beat));
    const lengthBeats = secondsToBeats(tempo, seconds(startSeconds + durationSeconds)) - target.beat;
    const clipId = crypto.randomUUID();
    this.controller.edit((project) =>
      placeUploadedClip(project, {
        trackId: target.trackId,
        clipId,
        uploadId: localId,
        name: clipNameOf(file.name),
        startBeats: target.beat,
        lengthBeats,
      }),
    );
    this.controller.selectClip({ trackId: target.trackId, clipId });
    await this.send(file, localId);
  }

  private async send(file: File, localId: string): Promise<void> {
    let uploaded: UploadedClip;
    try {
      uploaded = await this.upload(file, (phase) =>
        this.controller.setUpload({ id: localId, fileName: file.name, phase, message: null }),
      );
      this.audio()?.sources.alias(uploaded.clipId, localId);
      this.controller.rewrite((project) =>
        reidentifyUpload(project, localId, { uploadId: uploaded.uploadId, clipId: uploaded.clipId }),
      );
      this.controller.dropUpload(localId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.controller.setUpload({ id: localId, fileName: file.name, phase: "failed", message });
      setTimeout(() => this.controller.dropUpload(localId), FAILED_NOTICE_MS);
      return;
    }
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

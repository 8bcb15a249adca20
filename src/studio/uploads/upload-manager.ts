// A file dropped on a track: decoded on the page and placed at once, so it plays while it uploads;
// uploaded to the server meanwhile, and the clip pointed at its song clip once there is one.

import { beats, seconds } from "../../shared/time.ts";
import { beatsToSeconds, secondsToBeats } from "../../shared/timing/tempo-map.ts";
import { LOCAL_UPLOAD_PREFIX, type StudioAudio } from "../audio/studio-audio.ts";
import { placeUploadedClip, reidentifyUpload } from "../edits/clip-look.ts";
import type { StudioController } from "../store/studio-controller.ts";
import { tempoOf } from "../timeline/project-geometry.ts";
import { clipNameOf, pickDroppedAudio } from "./drop-validation.ts";
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
  ) {}

  async drop(files: readonly File[], target: DropTarget): Promise<void> {
    const pick = pickDroppedAudio(files);
    if (pick === null) return;
    if ("error" in pick) {
      this.controller.toast({ kind: "error", title: pick.error });
      return;
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
      // The spec logs an undecodable drop and says nothing more.
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
    try {
      const uploaded = await this.upload(file, (phase) =>
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
    }
  }
}

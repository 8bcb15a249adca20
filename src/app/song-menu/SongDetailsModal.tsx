import { type FormEvent, useState } from "react";
import {
  CAPTION_MAX,
  type Clip,
  LYRICS_MAX,
  type SetMetadataBody,
  TITLE_MAX,
} from "../../shared/api/clips.ts";
import { imageUploadResponseSchema } from "../../shared/api/images.ts";
import {
  captionMentions,
  METADATA_ERROR_MESSAGES,
  metadataErrorOf,
} from "../../shared/song-menu/metadata-errors.ts";
import { ApiError } from "../account/api-request.ts";
import { CreateModal } from "../shell/CreateModal.tsx";
import { publishClipChanges } from "../shell/clip-changes.ts";
import { showToast } from "../shell/toast-store.ts";
import { setMetadata } from "./clip-settings-api.ts";

/** Sends the cover image as it is; the server decodes it and keeps its own JPEG. */
async function uploadImage(file: File): Promise<string> {
  let response: Response;
  try {
    response = await fetch("/api/uploads/image/", {
      method: "POST",
      headers: { "content-type": file.type || "application/octet-stream" },
      body: file,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, METADATA_ERROR_MESSAGES.network_error, null);
  }
  if (!response.ok) throw new ApiError(response.status, METADATA_ERROR_MESSAGES.image_upload_error, null);
  return imageUploadResponseSchema.parse(await response.json()).image_s3_id;
}

/**
 * Song Details: title (at most 100 characters), cover image, lyrics and caption (its @mentions
 * sent with it), and removing the image or video cover. Only what changed is sent; a refusal shows
 * its kind's message and nothing changes.
 */
export function SongDetailsModal({ clip, onClose }: { readonly clip: Clip; readonly onClose: () => void }) {
  const [title, setTitle] = useState(clip.title);
  const [lyrics, setLyrics] = useState(clip.metadata.prompt ?? "");
  const [caption, setCaption] = useState(clip.caption);
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [removeVideo, setRemoveVideo] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleTooLong = title.trim().length > TITLE_MAX;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (titleTooLong) {
      setError(METADATA_ERROR_MESSAGES.title_too_long);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body: { -readonly [K in keyof SetMetadataBody]: SetMetadataBody[K] } = {};
      if (title !== clip.title) body.title = title;
      if (lyrics !== (clip.metadata.prompt ?? "")) body.lyrics = lyrics;
      if (caption !== clip.caption) {
        body.caption = caption;
        body.caption_mentions = captionMentions(caption);
      }
      if (removeImage) body.remove_image_cover = true;
      else if (image !== null) body.image_s3_id = await uploadImage(image);
      if (removeVideo) body.remove_video_cover = true;
      if (Object.keys(body).length > 0) publishClipChanges([await setMetadata(clip.id, body)]);
      showToast({ kind: "success", title: "Song details saved.", durationMs: 3000 });
      onClose();
    } catch (problem) {
      const answer =
        problem instanceof ApiError ? metadataErrorOf(problem.status || null, problem.detail) : null;
      setError(answer?.message ?? METADATA_ERROR_MESSAGES.network_error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <CreateModal
      titleId="song-details-title"
      title="Song Details"
      testId="song-details-modal"
      onClose={onClose}
    >
      <form className="song-menu-form" onSubmit={(event) => void save(event)}>
        <label>
          Title ({title.trim().length}/{TITLE_MAX})
          <input
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            aria-invalid={titleTooLong}
          />
        </label>
        <label>
          Cover image
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/bmp"
            disabled={removeImage}
            onChange={(event) => setImage(event.target.files?.[0] ?? null)}
          />
        </label>
        {clip.image_url !== null && (
          <label className="create-check">
            <input
              type="checkbox"
              checked={removeImage}
              onChange={(event) => setRemoveImage(event.target.checked)}
            />
            Remove image cover
          </label>
        )}
        {clip.video_url !== null && (
          <label className="create-check">
            <input
              type="checkbox"
              checked={removeVideo}
              onChange={(event) => setRemoveVideo(event.target.checked)}
            />
            Remove video cover
          </label>
        )}
        <label>
          Lyrics
          <textarea
            rows={6}
            maxLength={LYRICS_MAX}
            value={lyrics}
            onChange={(event) => setLyrics(event.target.value)}
          />
        </label>
        <label>
          Caption
          <textarea
            rows={3}
            maxLength={CAPTION_MAX}
            value={caption}
            placeholder="Say something about the song; @mention people"
            onChange={(event) => setCaption(event.target.value)}
          />
        </label>
        {error !== null && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal-buttons">
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save"}
          </button>
        </div>
      </form>
    </CreateModal>
  );
}

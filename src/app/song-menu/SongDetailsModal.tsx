import { type FormEvent, useState } from "react";
import { REMIX_TYPES, type RemixPermission } from "../../shared/api/clip-settings.ts";
import { CAPTION_MAX, type Clip, LYRICS_MAX, TAGS_MAX, TITLE_MAX } from "../../shared/api/clips.ts";
import { imageUploadResponseSchema } from "../../shared/api/images.ts";
import { METADATA_ERROR_MESSAGES, metadataErrorOf } from "../../shared/song-menu/metadata-errors.ts";
import { ApiError } from "../account/api-request.ts";
import { CreateModal } from "../shell/CreateModal.tsx";
import { publishClipChanges } from "../shell/clip-changes.ts";
import { showToast } from "../shell/toast-store.ts";
import { detailsOf, saveSongDetails } from "./song-details-save.ts";

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

/** The settings' sliders, in the order they show. */
const SETTING_LABELS = [
  ["weirdness", "Weirdness"],
  ["styleInfluence", "Style influence"],
] as const;

/** Who may remix the song, as the select says it. */
const REMIX_LABELS: Record<RemixPermission, string> = {
  all: "Covers and extends",
  cover: "Covers only",
  extend: "Extends only",
};

/**
 * Song Details: title (at most 100 characters), cover image, lyrics, styles and caption (its
 * @mentions sent with it), who may remix the song and whether its remixes show on its page, the
 * settings Use Styles & Lyrics brings to the create form, and removing the image or video cover. Only what changed is sent; a refusal shows its kind's message.
 */
export function SongDetailsModal({ clip, onClose }: { readonly clip: Clip; readonly onClose: () => void }) {
  const [form, setForm] = useState(() => detailsOf(clip));
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [removeVideo, setRemoveVideo] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleTooLong = form.title.trim().length > TITLE_MAX;
  const change = (part: Partial<typeof form>) => setForm((before) => ({ ...before, ...part }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (titleTooLong) {
      setError(METADATA_ERROR_MESSAGES.title_too_long);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const imageId = !removeImage && image !== null ? await uploadImage(image) : null;
      const saved = await saveSongDetails(clip, { ...form, imageId, removeImage, removeVideo });
      if (saved !== null) publishClipChanges([saved]);
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
          Title ({form.title.trim().length}/{TITLE_MAX})
          <input
            value={form.title}
            onChange={(event) => change({ title: event.target.value })}
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
          Lyrics ({form.lyrics.length}/{LYRICS_MAX})
          <textarea
            rows={6}
            maxLength={LYRICS_MAX}
            value={form.lyrics}
            onChange={(event) => change({ lyrics: event.target.value })}
          />
        </label>
        <label>
          Styles ({form.styles.length}/{TAGS_MAX})
          <input
            maxLength={TAGS_MAX}
            value={form.styles}
            onChange={(event) => change({ styles: event.target.value })}
          />
        </label>
        <label>
          Caption
          <textarea
            rows={3}
            maxLength={CAPTION_MAX}
            value={form.caption}
            aria-describedby="song-details-caption-help"
            onChange={(event) => change({ caption: event.target.value })}
          />
        </label>
        <p id="song-details-caption-help" className="song-menu-help">
          Say something about the song; @mention people.
        </p>
        <label>
          Who may remix it
          <select
            value={form.remix}
            onChange={(event) => change({ remix: event.target.value as RemixPermission })}
          >
            {REMIX_TYPES.map((type) => (
              <option key={type} value={type}>
                {REMIX_LABELS[type]}
              </option>
            ))}
          </select>
        </label>
        <label className="create-check">
          <input
            type="checkbox"
            checked={form.showRemixes}
            onChange={(event) => change({ showRemixes: event.target.checked })}
          />
          Show remixes on the song's page
        </label>
        <fieldset className="song-menu-form">
          <legend>Settings Use Styles & Lyrics brings along</legend>
          {SETTING_LABELS.map(([setting, label]) => (
            <label key={setting}>
              {label} ({form.settings[setting]}%)
              <input
                type="range"
                min={0}
                max={100}
                value={form.settings[setting]}
                onChange={(event) =>
                  change({ settings: { ...form.settings, [setting]: Number(event.target.value) } })
                }
              />
            </label>
          ))}
        </fieldset>
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

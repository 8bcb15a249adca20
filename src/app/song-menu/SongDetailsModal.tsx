import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { REMIX_TYPES, type RemixPermission } from "../../shared/api/clip-settings.ts";
import { CAPTION_MAX, type Clip, LYRICS_MAX, TAGS_MAX, TITLE_MAX } from "../../shared/api/clips.ts";
import { METADATA_ERROR_MESSAGES, metadataErrorOf } from "../../shared/song-menu/metadata-errors.ts";
import { ApiError } from "../account/api-request.ts";
import { uploadImage } from "../account/image-upload.ts";
import { CreateModal } from "../shell/CreateModal.tsx";
import { publishClipChanges } from "../shell/clip-changes.ts";
import { showToast } from "../shell/toast-store.ts";
import { detailsOf, saveSongDetails } from "./song-details-save.ts";

/** Sends the cover image as it is; the server decodes it and keeps its own JPEG. */
const uploadCover = (file: File) =>
  uploadImage(file, {
    network: METADATA_ERROR_MESSAGES.network_error,
    refused: METADATA_ERROR_MESSAGES.image_upload_error,
  });

/** The settings' sliders, in the order they show, each with its key in the song menu's texts. */
const SETTING_KEYS = [
  ["weirdness", "details.weirdness"],
  ["styleInfluence", "details.styleInfluence"],
] as const;

/** Who may remix the song: each choice's key in the song menu's texts. */
const REMIX_KEYS: Record<RemixPermission, string> = {
  all: "details.remixAll",
  cover: "details.remixCover",
  extend: "details.remixExtend",
};

/**
 * Song Details: title (at most 100 characters), cover image, lyrics, styles and caption (its
 * @mentions sent with it), who may remix the song and whether its remixes show on its page, the
 * settings Use Styles & Lyrics brings to the create form, and removing the image or video cover. Only what changed is sent; a refusal shows its kind's message.
 */
export function SongDetailsModal({ clip, onClose }: { readonly clip: Clip; readonly onClose: () => void }) {
  const { t } = useTranslation("songMenu");
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
      const imageId = !removeImage && image !== null ? await uploadCover(image) : null;
      const saved = await saveSongDetails(clip, { ...form, imageId, removeImage, removeVideo });
      if (saved !== null) publishClipChanges([saved]);
      showToast({ kind: "success", title: t("details.saved"), durationMs: 3000 });
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
      title={t("details.title")}
      testId="song-details-modal"
      onClose={onClose}
    >
      <form className="song-menu-form" onSubmit={(event) => void save(event)}>
        <label>
          {t("details.songTitle", { length: form.title.trim().length, max: TITLE_MAX })}
          <input
            value={form.title}
            onChange={(event) => change({ title: event.target.value })}
            aria-invalid={titleTooLong}
          />
        </label>
        <label>
          {t("details.coverImage")}
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
            {t("details.removeImage")}
          </label>
        )}
        {clip.video_url !== null && (
          <label className="create-check">
            <input
              type="checkbox"
              checked={removeVideo}
              onChange={(event) => setRemoveVideo(event.target.checked)}
            />
            {t("details.removeVideo")}
          </label>
        )}
        <label>
          {t("details.lyrics", { length: form.lyrics.length, max: LYRICS_MAX })}
          <textarea
            rows={6}
            maxLength={LYRICS_MAX}
            value={form.lyrics}
            onChange={(event) => change({ lyrics: event.target.value })}
          />
        </label>
        <label>
          {t("details.styles", { length: form.styles.length, max: TAGS_MAX })}
          <input
            maxLength={TAGS_MAX}
            value={form.styles}
            onChange={(event) => change({ styles: event.target.value })}
          />
        </label>
        <label>
          {t("details.caption")}
          <textarea
            rows={3}
            maxLength={CAPTION_MAX}
            value={form.caption}
            aria-describedby="song-details-caption-help"
            onChange={(event) => change({ caption: event.target.value })}
          />
        </label>
        <p id="song-details-caption-help" className="song-menu-help">
          {t("details.captionHelp")}
        </p>
        <label>
          {t("details.whoMayRemix")}
          <select
            value={form.remix}
            onChange={(event) => change({ remix: event.target.value as RemixPermission })}
          >
            {REMIX_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(REMIX_KEYS[type])}
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
          {t("details.showRemixes")}
        </label>
        <fieldset className="song-menu-form">
          <legend>{t("details.settingsLegend")}</legend>
          {SETTING_KEYS.map(([setting, key]) => (
            <label key={setting}>
              {t(key, { value: form.settings[setting] })}
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
            {t("details.cancel")}
          </button>
          <button type="submit" disabled={busy}>
            {busy ? t("details.saving") : t("details.save")}
          </button>
        </div>
      </form>
    </CreateModal>
  );
}

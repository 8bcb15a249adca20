import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { BIO_MAX, DISPLAY_NAME_MAX, handleProblem, type Profile } from "../../shared/api/profiles.ts";
import { ApiError } from "../account/api-request.ts";
import { showToast } from "../shell/toast-store.ts";
import { ProfileAvatar } from "./FollowListDialog.tsx";
import { editProfile, uploadImage } from "./profile-api.ts";

/**
 * Editing one's own profile: display name, bio, handle (checked as typed: characters and reserved
 * names; taken handles are the server's 409) and an avatar image, re-encoded by the server.
 */
export function EditProfileForm({
  profile,
  onSaved,
  onCancel,
}: {
  readonly profile: Profile;
  readonly onSaved: (profile: Profile) => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation("profile");
  const [displayName, setDisplayName] = useState(profile.display_name);
  const [bio, setBio] = useState(profile.bio);
  const [handle, setHandle] = useState(profile.handle);
  const [avatar, setAvatar] = useState<{ id: string; preview: string } | null>(null);
  const [busy, setBusy] = useState<"idle" | "uploading" | "saving">("idle");
  const [error, setError] = useState<string | null>(null);
  const handleError = handle === profile.handle ? null : handleProblem(handle.replace(/^@/, ""));

  const pick = async (file: File | undefined) => {
    if (file === undefined) return;
    setBusy("uploading");
    setError(null);
    try {
      const id = await uploadImage(file);
      setAvatar({ id, preview: URL.createObjectURL(file) });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.detail : t("edit.imageFailed"));
    } finally {
      setBusy("idle");
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (handleError !== null) return;
    setBusy("saving");
    setError(null);
    try {
      const saved = await editProfile({
        display_name: displayName,
        bio,
        ...(handle !== profile.handle ? { handle } : {}),
        ...(avatar !== null ? { avatar_image_s3_id: avatar.id } : {}),
      });
      showToast({ kind: "success", title: t("edit.updated"), durationMs: 3000 });
      onSaved(saved);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.detail : t("edit.saveFailed"));
    } finally {
      setBusy("idle");
    }
  };

  return (
    <form className="profile-edit" onSubmit={(event) => void save(event)} data-testid="profile-edit">
      <div className="profile-edit-avatar">
        <ProfileAvatar url={avatar?.preview ?? profile.avatar_image_url} name={displayName} size={96} />
        <label className="button-link secondary">
          {busy === "uploading" ? t("edit.uploading") : t("edit.changeAvatar")}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/bmp"
            hidden
            onChange={(event) => void pick(event.target.files?.[0])}
          />
        </label>
      </div>
      <label>
        {t("edit.displayName")}
        <input
          value={displayName}
          maxLength={DISPLAY_NAME_MAX}
          onChange={(event) => setDisplayName(event.target.value)}
        />
      </label>
      <label>
        {t("edit.handle")}
        <input
          value={handle}
          maxLength={31}
          onChange={(event) => setHandle(event.target.value)}
          aria-invalid={handleError !== null}
        />
      </label>
      {handleError !== null && <p className="error">{handleError}</p>}
      <label>
        {t("edit.bio")}
        <textarea value={bio} maxLength={BIO_MAX} rows={3} onChange={(event) => setBio(event.target.value)} />
      </label>
      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="profile-edit-actions">
        <button type="button" className="secondary" onClick={onCancel}>
          {t("edit.cancel")}
        </button>
        <button type="submit" disabled={busy !== "idle" || handleError !== null}>
          {busy === "saving" ? t("edit.saving") : t("edit.save")}
        </button>
      </div>
    </form>
  );
}

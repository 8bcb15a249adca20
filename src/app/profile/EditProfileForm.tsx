import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { centredSquare, type SquareCrop } from "../../shared/api/avatar-crop.ts";
import { IMAGE_NOT_READABLE } from "../../shared/api/images.ts";
import { BIO_MAX, DISPLAY_NAME_MAX, handleProblem, type Profile } from "../../shared/api/profiles.ts";
import { ApiError } from "../account/api-request.ts";
import { showToast } from "../shell/toast-store.ts";
import { AvatarCropper, type PickedPicture, readPicture } from "./AvatarCropper.tsx";
import { ProfileAvatar } from "./FollowListDialog.tsx";
import { editProfile, uploadAvatar } from "./profile-api.ts";

/**
 * Editing one's own profile: display name, bio, handle (checked as typed: characters and reserved
 * names; taken handles are the server's 409) and an avatar: a picture the user frames a square
 * of, which the server decodes and keeps as that square.
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
  const [picture, setPicture] = useState<PickedPicture | null>(null);
  const [crop, setCrop] = useState<SquareCrop | null>(null);
  const [busy, setBusy] = useState<"idle" | "saving">("idle");
  const [error, setError] = useState<string | null>(null);
  const handleError = handle === profile.handle ? null : handleProblem(handle.replace(/^@/, ""));

  // A picked picture's address is let go when another replaces it or the form closes.
  useEffect(() => () => (picture ? URL.revokeObjectURL(picture.url) : undefined), [picture]);

  const pick = async (file: File | undefined) => {
    if (file === undefined) return;
    setError(null);
    const picked = await readPicture(file);
    if (picked === null) {
      setError(IMAGE_NOT_READABLE);
      return;
    }
    setPicture(picked);
    setCrop(centredSquare(picked.width, picked.height));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (handleError !== null) return;
    setBusy("saving");
    setError(null);
    try {
      // The picture first: it is what the server may refuse (not a picture after all).
      const avatarUrl = picture && crop ? await uploadAvatar(picture.file, crop) : null;
      const saved = await editProfile({
        display_name: displayName,
        bio,
        ...(handle !== profile.handle ? { handle } : {}),
      });
      showToast({ kind: "success", title: t("edit.updated"), durationMs: 3000 });
      onSaved(avatarUrl === null ? saved : { ...saved, avatar_image_url: avatarUrl });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.detail : t("edit.saveFailed"));
    } finally {
      setBusy("idle");
    }
  };

  return (
    <form className="profile-edit" onSubmit={(event) => void save(event)} data-testid="profile-edit">
      <div className="profile-edit-avatar">
        {picture === null || crop === null ? (
          <ProfileAvatar url={profile.avatar_image_url} name={displayName} size={96} />
        ) : (
          <AvatarCropper picture={picture} crop={crop} onChange={setCrop} />
        )}
        <label className="button-link secondary">
          {picture === null ? t("edit.changeAvatar") : t("edit.pickAnother")}
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

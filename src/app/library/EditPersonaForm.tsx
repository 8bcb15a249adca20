import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  IMAGE_PROMPT_MAX,
  PERSONA_DESCRIPTION_MAX,
  PERSONA_NAME_MAX,
  type Persona,
  promptImageResponseSchema,
} from "../../shared/api/personas.ts";
import { needsPublicConfirmation } from "../../shared/create/persona-rules.ts";
import { openDialog } from "../../ui/dialog-queue.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { showToast } from "../shell/toast-store.ts";
import { editPersona } from "./persona-actions.ts";

interface Avatar {
  readonly id: string | null;
  readonly url: string | null;
}

/**
 * Editing one's persona in its card: name, description (with its count), an avatar from an image
 * prompt (or none), and Public; making it public when the user has no public persona yet asks
 * first, as creating one does.
 */
export function EditPersonaForm({
  persona,
  hasPublic,
  onDone,
  changed,
}: {
  readonly persona: Persona;
  /** Whether another of the user's personas is public already. */
  readonly hasPublic: boolean;
  readonly onDone: () => void;
  readonly changed: () => void;
}) {
  const { t } = useTranslation("library");
  const [name, setName] = useState(persona.name);
  const [description, setDescription] = useState(persona.description);
  const [prompt, setPrompt] = useState("");
  const [avatar, setAvatar] = useState<Avatar>({ id: persona.image_s3_id, url: persona.image_url });
  const [imageBusy, setImageBusy] = useState(false);
  const [isPublic, setPublic] = useState(persona.is_public);
  const [saving, setSaving] = useState(false);

  const makeImage = async () => {
    setImageBusy(true);
    try {
      const answer = await apiRequest("/api/gen/prompt_image/", promptImageResponseSchema, {
        body: { prompt },
      });
      setAvatar({ id: answer.image_s3_id, url: answer.image_url });
    } catch (failure) {
      showToast({
        kind: "error",
        title: t("personaActions.failedToUpdatePersona"),
        description: failure instanceof ApiError ? failure.detail : t("personaActions.anErrorOccurredWhile"),
        durationMs: 5000,
      });
    } finally {
      setImageBusy(false);
    }
  };

  const save = async () => {
    setSaving(true);
    const saved = await editPersona(
      persona,
      {
        name,
        description,
        ...(avatar.id === persona.image_s3_id ? {} : { image_s3_id: avatar.id }),
        is_public: isPublic,
      },
      changed,
    );
    setSaving(false);
    if (saved) onDone();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const goingPublic = isPublic && !persona.is_public;
    if (!goingPublic || !needsPublicConfirmation(true, hasPublic)) {
      void save();
      return;
    }
    openDialog({
      title: t("editPersona.makePersonaPublic"),
      body: t("editPersona.makePublicBody"),
      actions: [
        { label: t("editPersona.cancel"), kind: "secondary", run: () => undefined },
        { label: t("editPersona.confirm"), kind: "primary", run: () => void save() },
      ],
    });
  };

  return (
    <form
      className="persona-edit"
      onSubmit={submit}
      aria-label={t("editPersona.editName", { name: persona.name })}
    >
      <label className="create-field">
        <span className="create-label">{t("editPersona.name")}</span>
        <input
          value={name}
          maxLength={PERSONA_NAME_MAX}
          required
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label className="create-field">
        <span className="create-label">
          {t("editPersona.description")} ({description.length}/{PERSONA_DESCRIPTION_MAX})
        </span>
        <textarea
          value={description}
          maxLength={PERSONA_DESCRIPTION_MAX}
          rows={3}
          onChange={(event) => setDescription(event.target.value)}
        />
      </label>
      <div className="persona-edit-avatar">
        {avatar.url ? (
          <img className="song-cover" src={avatar.url} alt={t("editPersona.avatar")} width={48} height={48} />
        ) : (
          <span className="song-cover song-cover-empty" aria-hidden="true" />
        )}
        <label className="create-field">
          <span className="create-label">{t("editPersona.avatarPrompt")}</span>
          <input
            value={prompt}
            maxLength={IMAGE_PROMPT_MAX}
            onChange={(event) => setPrompt(event.target.value)}
          />
        </label>
        <button
          type="button"
          className="create-small-button"
          disabled={prompt.trim() === "" || imageBusy}
          onClick={() => void makeImage()}
        >
          {imageBusy ? t("editPersona.creatingAvatar") : t("editPersona.createAvatar")}
        </button>
        {avatar.id !== null && (
          <button type="button" className="link-button" onClick={() => setAvatar({ id: null, url: null })}>
            {t("editPersona.removeAvatar")}
          </button>
        )}
      </div>
      <label className="persona-edit-public">
        <input type="checkbox" checked={isPublic} onChange={(event) => setPublic(event.target.checked)} />
        {t("editPersona.public")}
      </label>
      <div className="clip-actions">
        <button type="submit" className="create-small-button" disabled={saving || name.trim() === ""}>
          {t("editPersona.save")}
        </button>
        <button type="button" className="link-button" onClick={onDone}>
          {t("editPersona.cancel")}
        </button>
      </div>
    </form>
  );
}

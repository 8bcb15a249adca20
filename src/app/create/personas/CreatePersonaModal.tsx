import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Clip, clipSchema } from "../../../shared/api/clips.ts";
import {
  DEFAULT_PERSONA_NAME,
  IMAGE_PROMPT_MAX,
  PERSONA_DESCRIPTION_MAX,
  PERSONA_NAME_MAX,
  type Persona,
  personaSchema,
  promptImageResponseSchema,
} from "../../../shared/api/personas.ts";
import {
  mayUsePersonaUploads,
  needsPublicConfirmation,
  personaBaseGate,
  personaPublicByDefault,
} from "../../../shared/create/persona-rules.ts";
import { openDialog } from "../../../ui/dialog-queue.ts";
import { ApiError, apiRequest } from "../../account/api-request.ts";
import { useAccount } from "../../account/session-store.ts";
import { CreateModal } from "../../shell/CreateModal.tsx";
import { showToast } from "../../shell/toast-store.ts";
import { CreateSwitch } from "../CreateSwitch.tsx";
import { searchOwnSongs } from "../workspace-clips.ts";
import { listPersonas } from "./personas-api.ts";
import "./personas.css";

interface CreatePersonaModalProps {
  /** The song chosen before the modal opened (a song menu's Make Persona, or a persona upload). */
  readonly baseClipId: string | null;
  /** Own audio as the base: offered to staff and the personas-audio-upload flag. */
  readonly onUploadAudio: () => void;
  readonly onCreated: (persona: Persona) => void;
  readonly onClose: () => void;
}

const SEARCH_DEBOUNCE_MS = 300;
/** Songs the base search shows. */
const SEARCHED_SONGS = 50;

/** Create a Persona: a song of the library as its base, a name, an avatar, a description. */
export function CreatePersonaModal({
  baseClipId,
  onUploadAudio,
  onCreated,
  onClose,
}: CreatePersonaModalProps) {
  const { t } = useTranslation("create");
  const session = useAccount((state) => state.session);
  const [term, setTerm] = useState("");
  const [clips, setClips] = useState<readonly Clip[] | null>(null);
  const [base, setBase] = useState<Clip | null>(null);
  const [name, setName] = useState("");
  const [imagePrompt, setImagePrompt] = useState("");
  const [image, setImage] = useState<{ url: string; id: string } | null>(null);
  const [imageBusy, setImageBusy] = useState(false);
  const [description, setDescription] = useState("");
  const [isPublic, setPublic] = useState(() => session === null || personaPublicByDefault(session));
  /** Whether the user has a public persona already; null until known (then the first asks). */
  const [hasPublic, setHasPublic] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const userId = session?.user?.id ?? null;
  const uploadsAllowed = session !== null && mayUsePersonaUploads(session);

  useEffect(() => {
    if (baseClipId === null) return;
    let live = true;
    apiRequest(`/api/clip/${encodeURIComponent(baseClipId)}`, clipSchema)
      .then((clip) => live && setBase(clip))
      .catch((failure: unknown) => console.warn("Could not load the base song", failure));
    return () => {
      live = false;
    };
  }, [baseClipId]);

  useEffect(() => {
    listPersonas("mine")
      .then((mine) => setHasPublic(mine.some((persona) => persona.is_public)))
      .catch((failure: unknown) => console.warn("Could not load your personas", failure));
  }, []);

  useEffect(() => {
    if (userId === null) return;
    let live = true;
    const timer = setTimeout(() => {
      searchOwnSongs(userId, term, { limit: SEARCHED_SONGS, cursor: null })
        .then((page) => live && setClips(page.clips))
        .catch((failure: unknown) => {
          console.warn("Could not search the library", failure);
          if (live) setClips([]);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [term, userId]);

  const gateOf = (clip: Clip) =>
    session === null ? { selectable: false as const, reason: "" } : personaBaseGate(clip, session);

  const makeImage = async () => {
    setImageBusy(true);
    try {
      const answer = await apiRequest("/api/gen/prompt_image/", promptImageResponseSchema, {
        body: { prompt: imagePrompt },
      });
      setImage({ url: answer.image_url, id: answer.image_s3_id });
    } catch (failure) {
      console.warn("Could not make the avatar", failure);
      showToast({
        kind: "error",
        title: t("createPersonaModal.error"),
        description: t("createPersonaModal.anErrorOccurredWhile"),
        durationMs: 5000,
      });
    } finally {
      setImageBusy(false);
    }
  };

  /** A song whose vocals may not be published makes a private persona. */
  const publishable = base?.metadata.can_publish_with_vocal !== false;
  const makesPublic = isPublic && publishable;

  const save = () => {
    if (base === null) {
      setError(t("createPersonaModal.noBaseClip"));
      return;
    }
    const gate = gateOf(base);
    if (!gate.selectable) {
      setError(gate.reason);
      return;
    }
    if (!needsPublicConfirmation(makesPublic, hasPublic)) {
      void create(base);
      return;
    }
    openDialog({
      title: t("createPersonaModal.makePersonaPublic"),
      body: "Anyone will be able to see this persona and create songs with it.",
      actions: [
        { label: t("createPersonaModal.cancel"), kind: "secondary", run: () => undefined },
        { label: t("createPersonaModal.confirm"), kind: "primary", run: () => void create(base) },
      ],
    });
  };

  const create = async (root: Clip) => {
    setSaving(true);
    setError(null);
    try {
      const persona = await apiRequest("/api/persona/create/", personaSchema, {
        body: {
          root_clip_id: root.id,
          name: name.trim() || DEFAULT_PERSONA_NAME,
          description: description.trim(),
          image_s3_id: image?.id ?? null,
          is_public: makesPublic,
        },
      });
      if (persona.is_public) setHasPublic(true);
      showToast({
        kind: "success",
        title: t("createPersonaModal.personaCreatedSuccessfully"),
        durationMs: 3000,
      });
      onCreated(persona);
    } catch (failure) {
      const detail =
        failure instanceof ApiError ? failure.detail : "An error occurred while creating the persona.";
      setError(detail);
      showToast({
        kind: "error",
        title: t("createPersonaModal.error"),
        description: t("createPersonaModal.failedToCreatePersona"),
        durationMs: 5000,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <CreateModal
      titleId="create-persona-title"
      title={t("createPersonaModal.createAPersona")}
      className="persona-modal"
      testId="create-persona"
      onClose={onClose}
    >
      <label className="create-field">
        <span className="create-label">{t("createPersonaModal.basedOnSong")}</span>
        <input
          type="search"
          placeholder={t("createPersonaModal.searchYourLibrary")}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
      </label>
      {base && (
        <p className="create-note" data-testid="persona-base">
          {t("createPersonaModal.basedOn")} {base.title || t("createPersonaModal.untitled")}
        </p>
      )}
      {uploadsAllowed && (
        <button type="button" className="create-small-button" onClick={onUploadAudio}>
          {t("createPersonaModal.uploadAudio")}
        </button>
      )}
      <ul className="create-modal-list persona-base-list">
        {clips?.map((clip) => {
          const gate = gateOf(clip);
          return (
            <li key={clip.id} className={`create-modal-row ${base?.id === clip.id ? "selected" : ""}`}>
              <button
                type="button"
                className="grow link-like"
                disabled={!gate.selectable}
                onClick={() => {
                  setBase(clip);
                  setError(null);
                }}
              >
                <span>{clip.title || t("createPersonaModal.untitled")}</span>
                <small>{gate.selectable ? (clip.metadata.tags ?? "") : gate.reason}</small>
              </button>
            </li>
          );
        })}
        {clips?.length === 0 && <li className="create-empty">{t("createPersonaModal.noSongsFound")}</li>}
      </ul>
      <label className="create-field">
        <span className="create-label">{t("createPersonaModal.name")}</span>
        <input
          value={name}
          maxLength={PERSONA_NAME_MAX}
          placeholder={DEFAULT_PERSONA_NAME}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <div className="create-field">
        <span className="create-label">{t("createPersonaModal.avatarOptional")}</span>
        <div className="create-field-head">
          <input
            aria-label={t("createPersonaModal.avatarImagePrompt")}
            value={imagePrompt}
            maxLength={IMAGE_PROMPT_MAX}
            placeholder={t("createPersonaModal.describeTheImage")}
            onChange={(event) => setImagePrompt(event.target.value)}
          />
          <button
            type="button"
            className="create-small-button"
            disabled={imagePrompt.trim() === "" || imageBusy}
            onClick={() => void makeImage()}
          >
            {imageBusy ? t("createPersonaModal.creating") : t("createPersonaModal.create")}
          </button>
          {image && (
            <img
              src={image.url}
              alt={t("createPersonaModal.avatar")}
              width={40}
              height={40}
              className="persona-image"
            />
          )}
        </div>
      </div>
      <label className="create-field">
        <span className="create-label">{t("createPersonaModal.description")}</span>
        <textarea
          rows={3}
          value={description}
          maxLength={PERSONA_DESCRIPTION_MAX}
          onChange={(event) => setDescription(event.target.value)}
        />
        <span className="create-counter">
          {description.length}/{PERSONA_DESCRIPTION_MAX}
        </span>
      </label>
      <CreateSwitch
        label={t("createPersonaModal.public")}
        checked={makesPublic}
        disabled={!publishable}
        onChange={setPublic}
      />
      {error && (
        <p className="create-form-error" role="alert">
          {error}
        </p>
      )}
      <div className="upload-actions">
        <button type="button" className="secondary" onClick={onClose}>
          {t("createPersonaModal.cancel")}
        </button>
        <button type="button" disabled={saving} onClick={save}>
          {saving ? t("createPersonaModal.saving") : t("createPersonaModal.save")}
        </button>
      </div>
    </CreateModal>
  );
}

import type { SavedPrompt } from "../../shared/api/prompts.ts";
import * as rules from "../../shared/create/condition-rules.ts";
import { parseCreateQuery } from "../../shared/create/create-query.ts";
import { defaultContinueAtSeconds } from "../../shared/create/extend-points.ts";
import { PERSONA_UPLOAD_SECONDS, trimLimits } from "../../shared/create/upload-trim-rules.ts";
import { mayUploadOwnAudio } from "../../shared/song-menu/feature-permissions.ts";
import { useAccount } from "../account/session-store.ts";
import { i18n } from "../i18n/i18n.ts";
import { navigate } from "../router/history-router.ts";
import { clipsStore } from "../shell/clips-store.ts";
import { closeModal, openModal, useModal } from "../shell/modal-store.ts";
import { showToast } from "../shell/toast-store.ts";
import { addClipsToWorkspace } from "../shell/workspaces-store.ts";
import { applyRule, pickPersona } from "./form-actions.ts";
import { setCustom } from "./form-store.ts";
import { LibraryPicker } from "./library/LibraryPicker.tsx";
import { CreatePersonaModal } from "./personas/CreatePersonaModal.tsx";
import { PersonaPicker } from "./personas/PersonaPicker.tsx";
import { PlaylistPicker } from "./playlists/PlaylistPicker.tsx";
import { SavedPromptsModal } from "./prompts/SavedPromptsModal.tsx";
import type { FinalizeChoice } from "./upload/FinalizeStage.tsx";
import { UploadModal } from "./upload/UploadModal.tsx";
import { UploadPaywall } from "./upload/UploadPaywall.tsx";
import type { UploadedAudio } from "./upload/upload-process.ts";
import { pollClips } from "./workspace-clips.ts";

const SAVED_TO_LIBRARY_MS = 3000;

async function afterUpload(audio: UploadedAudio, choice: FinalizeChoice): Promise<void> {
  closeModal();
  // The last upload step: the clip is added to the current project, if any, before it reloads.
  await addClipsToWorkspace(parseCreateQuery(window.location.search).wid, [audio.clipId]).catch(
    (error: unknown) => console.warn("The uploaded song could not be added to the workspace", error),
  );
  await pollClips([audio.clipId], { prepend: true }).catch((error: unknown) =>
    console.warn("The uploaded song could not be loaded", error),
  );
  const clip = clipsStore.getState().byId[audio.clipId]?.clip;
  const title = clip?.title ?? audio.title ?? "Untitled Song";
  if (choice === "cover") {
    applyRule((state, context) => rules.addCover(state, { clipId: audio.clipId, clipTitle: title }, context));
  } else if (choice === "extend") {
    const duration = clip?.metadata.duration ?? null;
    applyRule((state, context) =>
      rules.addExtend(
        state,
        {
          clipId: audio.clipId,
          startSeconds: duration === null ? 0 : defaultContinueAtSeconds(duration),
          isUpload: true,
          clipDurationSeconds: duration,
        },
        context,
      ),
    );
  } else {
    showToast({
      kind: "info",
      title: i18n.t("create:modalHost.savedToYourLibrary"),
      description: title,
      durationMs: SAVED_TO_LIBRARY_MS,
    });
  }
}

/** The uploaded song joins the list and becomes the base of the persona being made. */
async function afterPersonaUpload(audio: UploadedAudio): Promise<void> {
  await pollClips([audio.clipId], { prepend: true }).catch((error: unknown) =>
    console.warn("The uploaded song could not be loaded", error),
  );
  openModal({ kind: "createPersona", baseClipId: audio.clipId });
}

function pickPrompt(kind: "tags" | "lyrics", prompt: SavedPrompt): void {
  if (kind === "tags") setCustom({ styles: prompt.tags, excludeStyles: prompt.negative_tags });
  else setCustom({ lyrics: prompt.lyrics, lyricsMode: "manual" });
}

/** The create page's modals, one at a time. */
export function ModalHost() {
  const modal = useModal();
  const session = useAccount((state) => state.session);
  if (modal === null || session === null) return null;
  switch (modal.kind) {
    case "upload":
      if (!mayUploadOwnAudio(session)) return <UploadPaywall onClose={closeModal} />;
      return (
        <UploadModal
          initialFile={modal.file}
          limits={trimLimits(session, "upload")}
          purpose="upload"
          onClose={closeModal}
          onUploaded={(audio, choice) => void afterUpload(audio, choice)}
        />
      );
    case "personaUpload":
      if (!mayUploadOwnAudio(session)) return <UploadPaywall onClose={closeModal} />;
      return (
        <UploadModal
          initialFile={null}
          limits={{
            ...trimLimits(session, "persona"),
            hint: i18n.t("create:modalHost.personaUploadHint", PERSONA_UPLOAD_SECONDS),
          }}
          purpose="persona"
          onClose={() => openModal({ kind: "createPersona" })}
          onUploaded={(audio) => void afterPersonaUpload(audio)}
        />
      );
    case "stylesPrompts":
      return (
        <SavedPromptsModal kind="tags" onPick={(prompt) => pickPrompt("tags", prompt)} onClose={closeModal} />
      );
    case "lyricsPrompts":
      return (
        <SavedPromptsModal
          kind="lyrics"
          onPick={(prompt) => pickPrompt("lyrics", prompt)}
          onClose={closeModal}
        />
      );
    case "personas":
      return (
        <PersonaPicker
          selectedId={null}
          onPick={(persona) => {
            closeModal();
            pickPersona(persona);
          }}
          onCreate={() => openModal({ kind: "createPersona" })}
          onClose={closeModal}
        />
      );
    case "createPersona":
      return (
        <CreatePersonaModal
          baseClipId={modal.baseClipId ?? null}
          onUploadAudio={() => openModal({ kind: "personaUpload" })}
          onCreated={(persona) => {
            closeModal();
            // The persona page is opened after a persona is created.
            navigate(`/persona/${persona.id}`);
          }}
          onClose={closeModal}
        />
      );
    case "library":
      return <LibraryPicker onClose={closeModal} />;
    case "inspiration":
      return (
        <PlaylistPicker
          onPick={(playlist) => {
            closeModal();
            applyRule((state, context) =>
              rules.addPlaylist(state, { playlistId: playlist.id, playlistName: playlist.name }, context),
            );
          }}
          onClear={() => applyRule(rules.clearPlaylist)}
          onClose={closeModal}
        />
      );
  }
}

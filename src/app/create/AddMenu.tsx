import type { Session } from "../../shared/api/accounts.ts";
import { hasPersonaFeature, hasPlaylistCondition } from "../../shared/song-menu/feature-permissions.ts";
import { accountStore } from "../account/session-store.ts";
import { openModal } from "../shell/modal-store.ts";
import { MenuButton } from "../song-menu/MenuButton.tsx";
import { openPersonaUpsell, openPlaylistUpsell } from "../song-menu/upsells.ts";

interface Item {
  readonly label: string;
  /** Shown dimmed: choosing it opens an upsell. */
  readonly dimmed: (session: Session) => boolean;
  readonly open: (session: Session) => void;
}

const always = () => false;

const ITEMS: readonly Item[] = [
  { label: "Upload audio", dimmed: always, open: () => openModal({ kind: "upload", file: null }) },
  { label: "Record audio", dimmed: always, open: () => openModal({ kind: "upload", file: null }) },
  {
    label: "Persona",
    dimmed: (session) => !hasPersonaFeature(session),
    open: (session) => (hasPersonaFeature(session) ? openModal({ kind: "personas" }) : openPersonaUpsell()),
  },
  {
    label: "Inspiration playlist",
    dimmed: (session) => !hasPlaylistCondition(session),
    open: (session) =>
      hasPlaylistCondition(session) ? openModal({ kind: "inspiration" }) : openPlaylistUpsell(),
  },
  { label: "From your library", dimmed: always, open: () => openModal({ kind: "library" }) },
  { label: "Saved styles", dimmed: always, open: () => openModal({ kind: "stylesPrompts" }) },
  { label: "Saved lyrics", dimmed: always, open: () => openModal({ kind: "lyricsPrompts" }) },
];

/** The add menu: audio, a persona, an inspiration playlist, library songs, saved prompts. */
export function AddMenu() {
  const session = accountStore.getState().session;
  if (session === null) return null;
  return (
    <div className="create-add-menu">
      <MenuButton
        buttonClassName="create-round"
        buttonLabel="Add"
        buttonText="+"
        entries={() =>
          ITEMS.map((item) => ({
            label: item.label,
            dimmed: item.dimmed(session),
            choose: () => item.open(session),
          }))
        }
      />
    </div>
  );
}

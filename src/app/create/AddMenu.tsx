import { useTranslation } from "react-i18next";
import type { Session } from "../../shared/api/accounts.ts";
import { hasPersonaFeature, hasPlaylistCondition } from "../../shared/song-menu/feature-permissions.ts";
import { accountStore } from "../account/session-store.ts";
import { i18n } from "../i18n/i18n.ts";
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
  {
    get label() {
      return i18n.t("create:addMenu.uploadAudio");
    },
    dimmed: always,
    open: () => openModal({ kind: "upload", file: null }),
  },
  {
    get label() {
      return i18n.t("create:addMenu.recordAudio");
    },
    dimmed: always,
    open: () => openModal({ kind: "upload", file: null }),
  },
  {
    get label() {
      return i18n.t("create:addMenu.persona");
    },
    dimmed: (session) => !hasPersonaFeature(session),
    open: (session) => (hasPersonaFeature(session) ? openModal({ kind: "personas" }) : openPersonaUpsell()),
  },
  {
    get label() {
      return i18n.t("create:addMenu.inspirationPlaylist");
    },
    dimmed: (session) => !hasPlaylistCondition(session),
    open: (session) =>
      hasPlaylistCondition(session) ? openModal({ kind: "inspiration" }) : openPlaylistUpsell(),
  },
  {
    get label() {
      return i18n.t("create:addMenu.fromYourLibrary");
    },
    dimmed: always,
    open: () => openModal({ kind: "library" }),
  },
  {
    get label() {
      return i18n.t("create:addMenu.savedStyles");
    },
    dimmed: always,
    open: () => openModal({ kind: "stylesPrompts" }),
  },
  {
    get label() {
      return i18n.t("create:addMenu.savedLyrics");
    },
    dimmed: always,
    open: () => openModal({ kind: "lyricsPrompts" }),
  },
];

/** The add menu: audio, a persona, an inspiration playlist, library songs, saved prompts. */
export function AddMenu() {
  const { t } = useTranslation("create");
  const session = accountStore.getState().session;
  if (session === null) return null;
  return (
    <div className="create-add-menu">
      <MenuButton
        buttonClassName="create-round"
        buttonLabel={t("addMenu.add")}
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

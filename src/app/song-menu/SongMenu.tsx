import { type ReactNode, useId, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import type { Session } from "../../shared/api/accounts.ts";
import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { withContestAnswer } from "../../shared/song-menu/contest-answer.ts";
import { hasFeature } from "../../shared/song-menu/feature-permissions.ts";
import { menuEntries } from "../../shared/song-menu/menu-availability.ts";
import type { MenuContext } from "../../shared/song-menu/menu-context.ts";
import { entryWording } from "../../shared/song-menu/menu-entries.ts";
import { pinLimit } from "../../shared/song-menu/pin-rules.ts";
import { useAccount } from "../account/session-store.ts";
import { i18n } from "../i18n/i18n.ts";
import { CLIP_ACTION_HANDLERS, type HandlerContext } from "./clip-action-handlers.ts";
import { askContestClip } from "./contest-clips.ts";
import { MenuButton, type MenuEntry } from "./MenuButton.tsx";
import { MenuModalView } from "./MenuModals.tsx";
import { openMenuModal, useMenuModal } from "./menu-modal-store.ts";
import { UnlockPreview } from "./UnlockPreview.tsx";
import { useLatestClips } from "./use-latest-clips.ts";

export interface SongMenuProps {
  /** One song, or the songs of a selection. */
  readonly clips: readonly Clip[];
  readonly context: MenuContext;
  /** The player's position in this song (the song page), for Copy Link at Current Time. */
  readonly currentSeconds?: () => number;
  readonly buttonClassName?: string;
  /** The playlist page drops the songs its menu's Remove from Playlist took out. */
  readonly onRemovedFromPlaylist?: (clips: readonly Clip[]) => void;
}

/** The entries as the menu draws them: labels for this song, disabled, upsells, separators. */
function entriesFor(session: Session, props: SongMenuProps, handlers: HandlerContext): MenuEntry[] {
  const first = props.clips[0];
  if (first === undefined) return [];
  const studio = hasFeature(session, "Studio");
  let group: string | null = null;
  return menuEntries(session, props.clips, props.context).map(({ row, availability }) => {
    const handler = CLIP_ACTION_HANDLERS[row.id];
    const separated = group !== null && group !== row.group;
    group = row.group;
    const checked =
      row.id === "allow_comments"
        ? first.allow_comments
        : row.id === "allow_remixes"
          ? first.metadata.can_remix !== false
          : row.id === "pin_to_profile"
            ? first.is_pinned
            : row.id === "show_in_hooks_feed"
              ? first.metadata.opt_out_video_cover_hook !== true
              : undefined;
    const disabledReason = availability.kind === "disabled" ? availability.reason : undefined;
    const wording = entryWording(row, first, studio);
    return {
      // The menu's words by kind: "entries.unpublish", "entries.use_persona" with the persona's name.
      label: i18n.t(`songMenu:entries.${wording.kind}`, "name" in wording ? { name: wording.name } : {}),
      tag: row.tag,
      checked,
      separated,
      dimmed: availability.kind === "upsell",
      disabledReason,
      choose: () => {
        if (availability.kind === "upsell")
          handlers.openModal({ kind: "upsell", feature: availability.feature });
        else handler(props.clips, handlers);
      },
    };
  });
}

/**
 * The song menu, the same on every list and the song page: every entry the viewer gets for this
 * song (or selection) in this place, by the rules of shared/song-menu.
 */
export function SongMenu(props: SongMenuProps) {
  // Rows appear on many pages after their first render: the button waits for its words rather than
  // suspending the page under it.
  const { t, ready } = useTranslation("songMenu", { useSuspense: false });
  const session = useAccount((state) => state.session);
  const owner = useId();
  const modal = useMenuModal(owner);
  const latest = useLatestClips(props.clips);
  // One song's menu reads it through the server's word on its contest state, asked on opening.
  const [contest, setContest] = useState<{ readonly id: string; readonly inContest: boolean | null } | null>(
    null,
  );
  const clips =
    latest.length === 1 && contest !== null && latest[0]?.id === contest.id
      ? latest.map((clip) => withContestAnswer(clip, contest.inContest))
      : latest;
  const first = clips[0];
  if (session === null || first === undefined || !ready) return null;
  const title = clips.length === 1 ? displayTitle(first) : t("menu.songs", { count: clips.length });
  const handlers: HandlerContext = {
    place: props.context,
    currentSeconds: props.currentSeconds,
    openModal: (next) => openMenuModal(owner, next),
    pinLimit: pinLimit(session.flags),
    studio: hasFeature(session, "Studio"),
    removedFromPlaylist: props.onRemovedFromPlaylist,
  };
  return (
    <>
      <MenuButton
        buttonClassName={props.buttonClassName ?? "create-small-button"}
        buttonLabel={t("menu.moreActions", { title })}
        buttonText="⋯"
        menuLabel={t("menu.actions", { title })}
        testId="song-menu"
        entries={() => entriesFor(session, { ...props, clips }, handlers)}
        onOpen={() => {
          const only = latest.length === 1 ? latest[0] : undefined;
          if (only !== undefined)
            void askContestClip(only.id).then((inContest) => setContest({ id: only.id, inContest }));
        }}
      />
      {modal !== null && createPortal(<MenuModalView modal={modal} />, document.body)}
    </>
  );
}

/** A song list's row menu for one place (with a preview's Unlock): the list draws it on each row. */
export const rowMenu =
  (context: MenuContext) =>
  (clip: Clip): ReactNode => (
    <>
      <UnlockPreview clip={clip} />
      <SongMenu clips={[clip]} context={context} />
    </>
  );

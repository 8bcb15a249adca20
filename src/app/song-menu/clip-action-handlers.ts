// One function per song-menu entry: what choosing it does.

import type { Clip } from "../../shared/api/clips.ts";
import {
  chatPathFor,
  type RemixType,
  remixPathFor,
  usePersonaPathFor,
} from "../../shared/create/create-query.ts";
import { DELETE_FOREVER_BODY, deleteForeverTitle } from "../../shared/library/trash-rules.ts";
import { songLink } from "../../shared/song-link.ts";
import type { MenuContext } from "../../shared/song-menu/menu-context.ts";
import type { MenuEntryId } from "../../shared/song-menu/menu-entries.ts";
import { editPath, parseEditQuery } from "../../studio/edit/edit-query.ts";
import type { EditTool } from "../../studio/edit/edit-session.ts";
import {
  downloadConverted,
  downloadMp3,
  downloadSamplePack,
  saveFrom,
} from "../clip-actions/clip-downloads.ts";
import { hireEditor as openHireEditor } from "../clip-actions/HireEditorModal.tsx";
import { describeClip as openDescription, orpheus as openOrpheus } from "../clip-actions/navigation.ts";
import {
  confirmSection as confirm,
  getFullSong as fullSong,
  mergeSongs as merge,
  createVariations as vary,
} from "../clip-actions/new-songs.ts";
import { openRemaster } from "../clip-actions/remaster.ts";
import { regenerateVideo as renderVideo } from "../clip-actions/song-video.ts";
import { openStems } from "../clip-actions/stem-files.ts";
import { i18n } from "../i18n/i18n.ts";
import { addToQueue as queue } from "../player/add-to-queue.ts";
import { currentLocation, navigate } from "../router/history-router.ts";
import { openShareModal } from "../share/share-modal.ts";
import { openAddToPlaylist } from "../shell/add-to-playlist-store.ts";
import { openModal } from "../shell/modal-store.ts";
import { showToast } from "../shell/toast-store.ts";
import {
  leavePlaylist,
  markNotInterested,
  toggleAllowComments,
  toggleAllowRemixes,
  toggleHooksFeed,
  togglePin,
} from "./clip-toggles.ts";
import type { MenuModal } from "./menu-modal-store.ts";
import { deleteSongsForever, trashSongs } from "./trash-actions.ts";

export interface HandlerContext {
  readonly place: MenuContext;
  /** The player's position in this song, for Copy Link at Current Time. */
  readonly currentSeconds?: () => number;
  /** Opens one of the menu's dialogs. */
  readonly openModal: (modal: MenuModal) => void;
  readonly pinLimit: number;
  /** Whether the viewer has the studio (Get Stems then offers the MIDI too). */
  readonly studio: boolean;
  /** Told when Remove from Playlist took songs out, so the playlist's page drops them. */
  readonly removedFromPlaylist?: (clips: readonly Clip[]) => void;
}

export type ClipActionHandler = (clips: readonly Clip[], context: HandlerContext) => void;

const first = (clips: readonly Clip[]): Clip => {
  const clip = clips[0];
  if (clip === undefined) throw new Error("The song menu acted on no song");
  return clip;
};

/** Copies a link, saying so; where the clipboard refuses, the toast shows the link to copy by hand. */
export async function copyLink(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast({ kind: "info", title: i18n.t("songMenu:copy.copied"), durationMs: 3000 });
  } catch (error) {
    console.warn("Could not copy the link", error);
    showToast({ kind: "error", title: i18n.t("songMenu:copy.failed"), description: text, durationMs: 8000 });
  }
}

const remix =
  (type: RemixType): ClipActionHandler =>
  (clips) => {
    const { pathname, search } = currentLocation();
    navigate(remixPathFor(pathname, search, first(clips).id, type));
  };

/** The editor for the song, in the workspace the page shows (its `wid`), on `tool` when given. */
const openEditor =
  (tool: EditTool | null): ClipActionHandler =>
  (clips) =>
    navigate(editPath(first(clips).id, { wid: parseEditQuery(currentLocation().search).wid, tool }));

export const openInEditor = openEditor(null);
export const openInStudio: ClipActionHandler = (clips) =>
  navigate(`/studio?for_clip_id=${encodeURIComponent(first(clips).id)}`);
export const openInChat: ClipActionHandler = (clips) =>
  navigate(chatPathFor(currentLocation().search, first(clips).id));
export const crop = openEditor("crop");
export const replaceSection = openEditor("replace_section");
export const publish: ClipActionHandler = (clips, { openModal }) =>
  openModal({ kind: "publish", clip: first(clips) });
export const songDetails: ClipActionHandler = (clips, { openModal }) =>
  openModal({ kind: "details", clip: first(clips) });
export const report: ClipActionHandler = (clips, { openModal }) =>
  openModal({ kind: "report", clip: first(clips) });
export const copyLinkOf: ClipActionHandler = (clips) =>
  void copyLink(songLink(window.location.origin, first(clips).id));
export const copyLinkAtTime: ClipActionHandler = (clips, { currentSeconds }) =>
  void copyLink(songLink(window.location.origin, first(clips).id, currentSeconds?.() ?? null));
export const shareTo: ClipActionHandler = (clips) => openShareModal(first(clips), "to");
export const shareWithFriends: ClipActionHandler = (clips) => openShareModal(first(clips), "friends");
export const songRadio: ClipActionHandler = (clips) =>
  navigate(`/radio/song/${encodeURIComponent(first(clips).id)}`);
export const makePersona: ClipActionHandler = (clips) =>
  openModal({ kind: "createPersona", baseClipId: first(clips).id });
export const usePersona: ClipActionHandler = (clips) => navigate(usePersonaPathFor(first(clips).id));
export const downloadMp3Audio: ClipActionHandler = (clips) => void downloadMp3(first(clips));
export const downloadWavAudio: ClipActionHandler = (clips) => void downloadConverted(first(clips), "wav");
export const downloadOpusAudio: ClipActionHandler = (clips) => void downloadConverted(first(clips), "opus");
export const downloadVideo: ClipActionHandler = (clips) => {
  const url = first(clips).video_url;
  if (url !== null) saveFrom(url);
};
export const regenerateVideo: ClipActionHandler = (clips) => void renderVideo(first(clips));
export const describeClip: ClipActionHandler = (clips) => openDescription(first(clips));
export const getFullSong: ClipActionHandler = (clips) => void fullSong(first(clips));
export const confirmSection: ClipActionHandler = (clips) => void confirm(first(clips));
export const getStems: ClipActionHandler = (clips, { studio }) => openStems(first(clips), { midi: studio });
export const mergeSongs: ClipActionHandler = (clips) => void merge(clips);
export const createVariations: ClipActionHandler = (clips) => void vary(first(clips));
export const remaster: ClipActionHandler = (clips) => openRemaster(first(clips));
export const samplePack: ClipActionHandler = (clips) => void downloadSamplePack(first(clips));
export const orpheus: ClipActionHandler = (clips) => openOrpheus(first(clips));
export const hireEditor: ClipActionHandler = (clips) => openHireEditor(first(clips));
export const addToQueue: ClipActionHandler = (clips) => void queue(clips);
export const addToPlaylist: ClipActionHandler = (clips) => openAddToPlaylist(clips);
export const moveToWorkspace: ClipActionHandler = (clips, { openModal }) =>
  openModal({ kind: "moveToWorkspace", clips });
export const moveToTrash: ClipActionHandler = (clips) => void trashSongs(clips, true);
export const restore: ClipActionHandler = (clips) => void trashSongs(clips, false);
export const deletePermanently: ClipActionHandler = (clips, { openModal }) =>
  openModal({
    kind: "confirm",
    title: deleteForeverTitle(clips.length),
    message: DELETE_FOREVER_BODY,
    confirmLabel: i18n.t("songMenu:trash.deletePermanently"),
    run: () => void deleteSongsForever(clips),
  });
export const allowComments: ClipActionHandler = (clips) => void toggleAllowComments(first(clips));
export const allowRemixes: ClipActionHandler = (clips) => void toggleAllowRemixes(first(clips));
export const pinToProfile: ClipActionHandler = (clips, context) => void togglePin(first(clips), context);
export const showInHooksFeed: ClipActionHandler = (clips) => void toggleHooksFeed(first(clips));
export const removeFromPlaylist: ClipActionHandler = (clips, { place, removedFromPlaylist }) => {
  if (place.playlistId !== undefined) void leavePlaylist(place.playlistId, clips, removedFromPlaylist);
};
/** Share Asset: the hooks' creation page, with the song to make a hook of. */
export const shareAsset: ClipActionHandler = (clips) =>
  navigate(`/hooks/create?clip=${encodeURIComponent(first(clips).id)}`);
export const notInterested: ClipActionHandler = (clips) => void markNotInterested(first(clips));

/** Every entry's function. */
export const CLIP_ACTION_HANDLERS: Record<MenuEntryId, ClipActionHandler> = {
  open_editor: openInEditor,
  open_studio: openInStudio,
  open_chat: openInChat,
  cover: remix("cover"),
  extend: remix("extend"),
  adjust_speed: remix("speed"),
  crop,
  replace_section: replaceSection,
  reuse: remix("reuse"),
  get_full_song: getFullSong,
  confirm_section: confirmSection,
  merge_songs: mergeSongs,
  add_vocal: remix("add_vocal"),
  add_instrumental: remix("add_instrumental"),
  get_stems: getStems,
  add_to_queue: addToQueue,
  add_to_playlist: addToPlaylist,
  move_to_workspace: moveToWorkspace,
  publish,
  song_details: songDetails,
  copy_link: copyLinkOf,
  copy_link_at_time: copyLinkAtTime,
  report,
  share_to: shareTo,
  share_with_friends: shareWithFriends,
  song_radio: songRadio,
  create_variations: createVariations,
  remaster,
  make_persona: makePersona,
  use_persona: usePersona,
  download_mp3: downloadMp3Audio,
  download_wav: downloadWavAudio,
  download_opus: downloadOpusAudio,
  sample_pack: samplePack,
  download_video: downloadVideo,
  regenerate_video: regenerateVideo,
  share_asset: shareAsset,
  allow_comments: allowComments,
  allow_remixes: allowRemixes,
  pin_to_profile: pinToProfile,
  show_in_hooks_feed: showInHooksFeed,
  move_to_trash: moveToTrash,
  restore_from_trash: restore,
  restore_to_library: restore,
  describe_clip: describeClip,
  orpheus,
  remove_from_playlist: removeFromPlaylist,
  delete_permanently: deletePermanently,
  not_interested: notInterested,
  hire_editor: hireEditor,
};

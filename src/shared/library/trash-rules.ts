// Which trash actions a selection of clips allows, and the words the page says about them.

import type { Clip } from "../api/clips.ts";
import { displayTitle } from "./clip-display.ts";

type Owned = Pick<Clip, "user_id" | "is_trashed" | "status">;

const allOwn = (clips: readonly Owned[], userId: string) =>
  clips.length > 0 && clips.every((clip) => clip.user_id === userId);

/** Move to Trash: every selected clip is the user's own and in the library. */
export const canTrash = (clips: readonly Owned[], userId: string): boolean =>
  allOwn(clips, userId) && clips.every((clip) => !clip.is_trashed);

/** Restore: every selected clip is the user's own and trashed. */
export const canRestore = (clips: readonly Owned[], userId: string): boolean =>
  allOwn(clips, userId) && clips.every((clip) => clip.is_trashed);

/** Delete Permanently: every selected clip is the user's own, trashed and complete. */
export const canDeletePermanently = (clips: readonly Owned[], userId: string): boolean =>
  canRestore(clips, userId) && clips.every((clip) => clip.status === "complete");

/** How long the Undo toast stays. */
export const UNDO_TOAST_MS = 4000;
export const UNDONE_MESSAGE = "Your action has been undone.";
export const DELETE_FAILED_MESSAGE = "Clip could not be deleted.";
export const DELETE_FAILED_HINT =
  "A song that a persona is made from can't be deleted: delete the persona first.";

/** The confirmation before Delete Permanently. */
export const deleteForeverTitle = (count: number): string =>
  count === 1 ? "Delete this song permanently?" : `Delete ${count} songs permanently?`;
export const DELETE_FOREVER_BODY = "This cannot be undone.";

/** The toast after a trash or a restore: the song's title, or how many songs. */
export function trashMessage(clips: readonly Pick<Clip, "title" | "status">[], trashed: boolean): string {
  const first = clips[0];
  const one = clips.length === 1 && first !== undefined;
  const subject = one ? `${displayTitle(first)} has` : `${clips.length} songs have`;
  return trashed ? `${subject} been moved to trash.` : `${subject} been restored to your library.`;
}

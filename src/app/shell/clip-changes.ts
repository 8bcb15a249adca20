// Songs changed by an action (a trash, a restore, a publish, new details): every list that shows
// them listens here and puts each in or out by its own filters. The actions live with the song
// menu; the lists (library, trash, create) only listen, so neither imports the other.

import type { Clip } from "../../shared/api/clips.ts";
import { updateKnownClips } from "./clips-store.ts";

export interface ClipChangeOptions {
  /** Deleted for good: the songs leave every list. */
  readonly deleted?: boolean;
}

type Listener = (clips: readonly Clip[], options: ClipChangeOptions) => void;

const listeners = new Set<Listener>();

/** Listens for changed songs until the returned function is called. */
export function onClipChanges(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every list that these songs changed; the create page's list takes the ones it shows. */
export function publishClipChanges(clips: readonly Clip[], options: ClipChangeOptions = {}): void {
  if (clips.length === 0) return;
  if (!options.deleted) updateKnownClips(clips);
  for (const listener of listeners) listener(clips, options);
}

// Clips a clip action made (a remaster, a full song, stems): shown first in the song list at once;
// the list's own updates (realtime, polling) follow them to complete.

import type { Clip } from "../../shared/api/clips.ts";
import { upsertClips } from "../shell/clips-store.ts";

export function showNewClips(clips: readonly Clip[]): void {
  upsertClips(clips, { prepend: true });
}

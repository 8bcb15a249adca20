// The list a song's play button belongs to: playing a song from a list makes that list the player's
// queue, with the clicked song current. Song lists provide it; a lone play button plays its song alone.

import { createContext } from "react";
import type { Clip } from "../../shared/api/clips.ts";
import type { QueueContext } from "./player-queue.ts";

export interface QueueSource {
  readonly clips: readonly Clip[];
  readonly context: QueueContext | null;
}

export const QueueSourceContext = createContext<QueueSource | null>(null);

import { useEffect, useState } from "react";
import type { Clip } from "../../shared/api/clips.ts";
import { onClipChanges } from "../shell/clip-changes.ts";

/**
 * The menu's songs as the latest action left them. A page that does not follow clip changes (the
 * song page) still gets a menu that knows the song went public or its comments were turned off;
 * once the page hands in a newer song object, that one stands.
 */
export function useLatestClips(clips: readonly Clip[]): readonly Clip[] {
  const [changed, setChanged] = useState<ReadonlyMap<Clip, Clip>>(new Map());
  useEffect(
    () =>
      onClipChanges((updates, options) => {
        if (options.deleted) return;
        setChanged((before) => {
          const next = new Map(before);
          for (const clip of clips) {
            const update = updates.find((candidate) => candidate.id === clip.id);
            if (update !== undefined) next.set(clip, update);
          }
          return next;
        });
      }),
    [clips],
  );
  return clips.map((clip) => changed.get(clip) ?? clip);
}

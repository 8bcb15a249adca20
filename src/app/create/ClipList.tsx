import { useMemo } from "react";
import type { Clip } from "../../shared/api/clips.ts";
import { useClips } from "../shell/clips-store.ts";
import { SongList } from "../songs/SongList.tsx";
import type { SongItem } from "../songs/SongRow.tsx";
import { SongMenu } from "./SongMenu.tsx";

const songMenu = (clip: Clip) => (clip.status === "complete" ? <SongMenu clip={clip} /> : null);

/** The workspace's songs beside the form, newest first. */
export function ClipList() {
  const order = useClips((state) => state.order);
  const byId = useClips((state) => state.byId);
  const loaded = useClips((state) => state.loaded);
  const items = useMemo(() => order.flatMap((id): SongItem[] => (byId[id] ? [byId[id]] : [])), [order, byId]);
  return (
    <section className="panel create-clips" aria-labelledby="create-clips-title">
      <h2 id="create-clips-title">Songs</h2>
      <SongList
        items={items}
        label="Songs"
        empty={loaded ? <p>Your songs will appear here.</p> : null}
        menu={songMenu}
      />
    </section>
  );
}

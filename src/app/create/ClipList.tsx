import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useClips } from "../shell/clips-store.ts";
import { rowMenu } from "../song-menu/SongMenu.tsx";
import { SongList } from "../songs/SongList.tsx";
import type { SongItem } from "../songs/SongRow.tsx";

const songMenu = rowMenu({ place: "create" });

/** The workspace's songs beside the form, newest first. */
export function ClipList() {
  const { t } = useTranslation("create");
  const order = useClips((state) => state.order);
  const byId = useClips((state) => state.byId);
  const loaded = useClips((state) => state.loaded);
  const items = useMemo(() => order.flatMap((id): SongItem[] => (byId[id] ? [byId[id]] : [])), [order, byId]);
  return (
    <section className="panel create-clips" aria-labelledby="create-clips-title">
      <h2 id="create-clips-title">{t("clipList.songs")}</h2>
      <SongList
        items={items}
        label={t("clipList.songs")}
        empty={loaded ? <p>{t("clipList.yourSongsWillAppear")}</p> : null}
        menu={songMenu}
      />
    </section>
  );
}

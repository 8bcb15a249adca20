import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { upsertClips } from "../shell/clips-store.ts";
import { rowMenu } from "../song-menu/SongMenu.tsx";
import { SongList } from "../songs/SongList.tsx";
import { fetchRemixesInspired } from "./profile-api.ts";

const songMenu = rowMenu({ place: "profile" });

/** Songs other people made from this profile's songs: the count, and the list (pages of 20) on request. */
export function RemixesInspired({ handle, count }: { readonly handle: string; readonly count: number }) {
  const { t } = useTranslation("profile");
  const [clips, setClips] = useState<readonly Clip[] | null>(null);
  const [nextPage, setNextPage] = useState<number | null>(1);
  const [failed, setFailed] = useState(false);

  const more = async () => {
    if (nextPage === null) return;
    try {
      const answer = await fetchRemixesInspired(handle, nextPage);
      upsertClips(answer.clips);
      setClips((known) => [...(known ?? []), ...answer.clips]);
      setNextPage(answer.has_more ? nextPage + 1 : null);
    } catch (error) {
      console.warn("Could not load the remixes", error);
      setFailed(true);
    }
  };

  return (
    <section className="profile-section">
      <h2>
        {t("remixes.title")}{" "}
        <span className="profile-muted" data-testid="profile-remix-count">
          {count}
        </span>
      </h2>
      {count === 0 ? (
        <p className="create-empty">{t("remixes.none")}</p>
      ) : clips === null ? (
        <button type="button" className="secondary" onClick={() => void more()}>
          {t("remixes.show")}
        </button>
      ) : (
        <SongList
          items={clips.map((clip) => ({ clip }))}
          label={t("remixes.listLabel", { handle })}
          menu={songMenu}
          footer={
            nextPage !== null ? (
              <button type="button" className="secondary" onClick={() => void more()}>
                {t("remixes.more")}
              </button>
            ) : null
          }
        />
      )}
      {failed && (
        <p className="error" role="alert">
          {t("remixes.failed")}
        </p>
      )}
    </section>
  );
}

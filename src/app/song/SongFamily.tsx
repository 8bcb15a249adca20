import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { childrenPageSchema, parentResponseSchema } from "../../shared/api/clip-family.ts";
import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { apiRequest } from "../account/api-request.ts";
import { Link } from "../router/Link.tsx";
import { upsertClips } from "../shell/clips-store.ts";
import { rowMenu } from "../song-menu/SongMenu.tsx";
import { SongList } from "../songs/SongList.tsx";

/** The remixes listed under a song: each with the menu the song page gives. */
const songMenu = rowMenu({ place: "song" });

/** "Made from <parent> by @handle" above the song, when it has a parent the viewer may see. */
export function SongParent({ clip }: { readonly clip: Clip }) {
  const { t } = useTranslation("song");
  const [parent, setParent] = useState<Clip | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    setParent(null);
    if (clip.root_clip_id === null) return;
    apiRequest(`/api/clips/parent?clip_id=${encodeURIComponent(clip.id)}`, parentResponseSchema, {
      signal: abort.signal,
    })
      .then((answer) => setParent(answer.parent))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) console.warn("Could not load the parent song", error);
      });
    return () => abort.abort();
  }, [clip.id, clip.root_clip_id]);
  if (parent === null) return null;
  return (
    <p className="song-family-parent" data-testid="song-parent">
      <Trans
        t={t}
        i18nKey="family.madeFrom"
        values={{ title: displayTitle(parent), handle: parent.handle }}
        components={{ parent: <Link href={`/song/${parent.id}`} data-testid="song-parent-link" /> }}
      />
    </p>
  );
}

/** The songs made from this one (covers, extends, remixes), newest first, 20 at a time. */
export function SongRemixes({ clip }: { readonly clip: Clip }) {
  const { t } = useTranslation("song");
  const [clips, setClips] = useState<readonly Clip[] | null>(null);
  const [total, setTotal] = useState(0);
  const [nextPage, setNextPage] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  const load = async (page: number, signal?: AbortSignal) => {
    try {
      const answer = await apiRequest(
        `/api/clips/direct_children?clip_id=${encodeURIComponent(clip.id)}&page=${page}`,
        childrenPageSchema,
        { signal },
      );
      upsertClips(answer.clips);
      setClips((known) => (page === 1 ? answer.clips : [...(known ?? []), ...answer.clips]));
      setTotal(answer.num_total_results);
      setNextPage(answer.has_more ? page + 1 : null);
    } catch (error) {
      if (signal?.aborted) return;
      console.warn("Could not load the remixes", error);
      setFailed(true);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page is asked again for another song only.
  useEffect(() => {
    const abort = new AbortController();
    setClips(null);
    setFailed(false);
    void load(1, abort.signal);
    return () => abort.abort();
  }, [clip.id]);

  return (
    <section className="song-remixes" aria-label={t("family.remixes")} data-testid="song-remixes">
      <h2>
        {t("family.remixes")} <span className="profile-muted">{clips === null ? "" : total}</span>
      </h2>
      {failed ? (
        <p className="error" role="alert">
          {t("family.remixesFailed")}
        </p>
      ) : clips === null ? (
        <p className="create-empty">{t("family.loadingRemixes")}</p>
      ) : (
        <SongList
          items={clips.map((child) => ({ clip: child }))}
          label={t("family.songsMadeFrom", { title: displayTitle(clip) })}
          menu={songMenu}
          empty={<p className="create-empty">{t("family.noRemixes")}</p>}
          footer={
            nextPage !== null ? (
              <button type="button" className="secondary" onClick={() => void load(nextPage)}>
                {t("family.moreRemixes")}
              </button>
            ) : null
          }
        />
      )}
    </section>
  );
}

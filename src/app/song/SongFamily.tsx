import { useEffect, useState } from "react";
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
      Made from{" "}
      <Link href={`/song/${parent.id}`} data-testid="song-parent-link">
        {displayTitle(parent)}
      </Link>{" "}
      by @{parent.handle}
    </p>
  );
}

/** The songs made from this one (covers, extends, remixes), newest first, 20 at a time. */
export function SongRemixes({ clip }: { readonly clip: Clip }) {
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
    <section className="song-remixes" aria-label="Remixes" data-testid="song-remixes">
      <h2>
        Remixes <span className="profile-muted">{clips === null ? "" : total}</span>
      </h2>
      {failed ? (
        <p className="error" role="alert">
          The remixes could not be loaded.
        </p>
      ) : clips === null ? (
        <p className="create-empty">Loading remixes...</p>
      ) : (
        <SongList
          items={clips.map((child) => ({ clip: child }))}
          label={`Songs made from ${displayTitle(clip)}`}
          menu={songMenu}
          empty={<p className="create-empty">No remixes yet. Covers and extends of this song show here.</p>}
          footer={
            nextPage !== null ? (
              <button type="button" className="secondary" onClick={() => void load(nextPage)}>
                More remixes
              </button>
            ) : null
          }
        />
      )}
    </section>
  );
}

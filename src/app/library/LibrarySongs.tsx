import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { listedPollState } from "../../shared/library/clip-display.ts";
import { canTrash } from "../../shared/library/trash-rules.ts";
import { Link } from "../router/Link.tsx";
import { rowMenu, SongMenu } from "../song-menu/SongMenu.tsx";
import { trashSongs } from "../song-menu/trash-actions.ts";
import { SongList } from "../songs/SongList.tsx";
import { useSelection } from "../songs/use-selection.ts";
import { LibraryPager } from "./LibraryPager.tsx";
import { BulkBar, ProblemBox } from "./ListChrome.tsx";
import { loadMore, reloadLibrary, useLibrary } from "./library-store.ts";
import { MoveToWorkspace } from "./MoveToWorkspace.tsx";
import { WorkspaceBulkActions } from "./WorkspacePins.tsx";

const LIBRARY = { place: "library" } as const;
const songMenu = rowMenu(LIBRARY);

/**
 * The library's songs under the filters, with the bulk actions for a selection (and, inside one
 * workspace, `workspaceId`, pinning in it and taking songs out of it).
 */
export function LibrarySongs({
  userId,
  filtered,
  workspaceId,
}: {
  readonly userId: string;
  readonly filtered: boolean;
  readonly workspaceId: string | null;
}) {
  const { t } = useTranslation("library");
  const clips = useLibrary((state) => state.clips);
  const loaded = useLibrary((state) => state.loaded);
  const loading = useLibrary((state) => state.loading);
  const problem = useLibrary((state) => state.problem);
  const page = useLibrary((state) => state.page);
  // A song stuck by the polling rules shows as stopped.
  const items = useMemo(() => {
    const now = Date.now();
    return clips.map((clip) => ({ clip, stuck: listedPollState(clip, now) === "stuck" }));
  }, [clips]);
  const order = useMemo(() => clips.map((clip) => clip.id), [clips]);
  const { selected, onSelect, clear } = useSelection(order);
  const chosen = clips.filter((clip) => selected.has(clip.id));

  const empty = !loaded ? (
    <p className="library-empty">{t("librarySongs.loadingYourSongs")}</p>
  ) : problem ? null : page !== null ? (
    <p className="library-empty">
      {t("librarySongs.noSongsOnPage")} {page}
      {t("librarySongs.yourLibraryEndsBefore")}
    </p>
  ) : filtered ? (
    <p className="library-empty">{t("librarySongs.noSongsMatchThese")}</p>
  ) : (
    <p className="library-empty">
      {t("librarySongs.yourLibraryIsEmpty")} <Link href="/create">{t("librarySongs.create")}</Link>{" "}
      {t("librarySongs.orUploadWillAppear")}
    </p>
  );

  return (
    <section className="panel library-songs" aria-label={t("librarySongs.yourSongs")}>
      <BulkBar count={chosen.length} onClear={clear}>
        <button
          type="button"
          className="secondary"
          disabled={!canTrash(chosen, userId)}
          onClick={() => {
            void trashSongs(chosen, true);
            clear();
          }}
        >
          {t("librarySongs.moveToTrash")}
        </button>
        <MoveToWorkspace
          clips={chosen}
          onMoved={clear}
          disabled={!chosen.every((clip) => clip.user_id === userId)}
        />
        {workspaceId !== null && (
          <WorkspaceBulkActions workspaceId={workspaceId} clips={chosen} onDone={clear} />
        )}
        <SongMenu clips={chosen} context={LIBRARY} buttonClassName="secondary" />
      </BulkBar>
      <ProblemBox problem={problem} onRetry={reloadLibrary} />
      <SongList
        items={items}
        label={t("librarySongs.yourSongs")}
        empty={empty}
        selected={selected}
        onSelect={onSelect}
        menu={songMenu}
        onNearEnd={page === null && !loading ? loadMore : undefined}
      />
      <LibraryPager />
    </section>
  );
}

import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import {
  canDeletePermanently,
  canRestore,
  DELETE_FOREVER_BODY,
  deleteForeverTitle,
} from "../../shared/library/trash-rules.ts";
import { openDialog } from "../../ui/dialog-queue.ts";
import { i18n } from "../i18n/i18n.ts";
import { SongMenu } from "../song-menu/SongMenu.tsx";
import { deleteSongsForever, trashSongs } from "../song-menu/trash-actions.ts";
import { SongList } from "../songs/SongList.tsx";
import { useSelection } from "../songs/use-selection.ts";
import { BulkBar, ProblemBox } from "./ListChrome.tsx";
import { loadMoreTrash, showTrash, useTrash } from "./trash-store.ts";

function confirmDelete(clips: readonly Clip[], done: () => void): void {
  openDialog({
    title: deleteForeverTitle(clips.length),
    body: DELETE_FOREVER_BODY,
    actions: [
      { label: i18n.t("library:trashView.cancel"), run: () => undefined },
      {
        label: i18n.t("library:trashView.deletePermanently"),
        busyLabel: i18n.t("library:trashView.deleting"),
        kind: "danger",
        run: async () => {
          if (await deleteSongsForever(clips)) done();
        },
      },
    ],
  });
}

const TRASH = { place: "trash" } as const;

/** The trash: trashed songs, restored or deleted permanently, one at a time or as a selection. */
export function TrashView({ userId }: { readonly userId: string }) {
  const { t } = useTranslation("library");
  const clips = useTrash((state) => state.clips);
  const total = useTrash((state) => state.total);
  const loaded = useTrash((state) => state.loaded);
  const loading = useTrash((state) => state.loading);
  const problem = useTrash((state) => state.problem);
  useEffect(() => void showTrash(), []);
  const items = useMemo(() => clips.map((clip) => ({ clip })), [clips]);
  const order = useMemo(() => clips.map((clip) => clip.id), [clips]);
  const { selected, onSelect, clear } = useSelection(order);
  const chosen = clips.filter((clip) => selected.has(clip.id));

  const rowActions = (clip: Clip) => <SongMenu clips={[clip]} context={TRASH} />;

  return (
    <section className="panel library-songs" aria-label={t("trashView.trash")}>
      <BulkBar count={chosen.length} onClear={clear}>
        <button
          type="button"
          className="secondary"
          disabled={!canRestore(chosen, userId)}
          onClick={() => {
            void trashSongs(chosen, false);
            clear();
          }}
        >
          {t("trashView.restore")}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!canDeletePermanently(chosen, userId)}
          onClick={() => confirmDelete(chosen, clear)}
        >
          {t("trashView.deletePermanently")}
        </button>
      </BulkBar>
      <ProblemBox problem={problem} onRetry={() => void showTrash()} />
      <SongList
        items={items}
        label={t("trashView.trash")}
        empty={loaded && !problem ? <p className="library-empty">{t("trashView.theTrashIsEmpty")}</p> : null}
        selected={selected}
        onSelect={onSelect}
        menu={rowActions}
        onNearEnd={loading ? undefined : loadMoreTrash}
      />
      {loaded && (
        <p className="library-count">
          {total === 1 ? t("trashView.n1SongInThe") : t("trashView.songsInTheTrash", { total })}
        </p>
      )}
    </section>
  );
}

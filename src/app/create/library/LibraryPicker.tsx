import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Clip, FEED_LIMIT_MAX } from "../../../shared/api/clips.ts";
import * as rules from "../../../shared/create/condition-rules.ts";
import { INSPIRATION_CLIPS_MAX, SAMPLE_CLIPS_MAX } from "../../../shared/create/conditions.ts";
import { useAccount } from "../../account/session-store.ts";
import { i18n } from "../../i18n/i18n.ts";
import { CreateModal } from "../../shell/CreateModal.tsx";
import { CreateTabs } from "../CreateTabs.tsx";
import { applyRule } from "../form-actions.ts";
import { useForm } from "../form-store.ts";
import { SearchInput } from "../SearchInput.tsx";
import { searchOwnSongs } from "../workspace-clips.ts";

// The create menu's library tab: the user's own finished songs, searched, as
// inspiration clips (at most 4) or sample clips (at most 10). The list is virtual, as a library runs
// to thousands of songs, and loads its next page as the end scrolls into view.

export type LibraryUse = "inspiration" | "sample";

const USES: readonly { readonly value: LibraryUse; readonly label: string; readonly max: number }[] = [
  {
    value: "inspiration",
    get label() {
      return i18n.t("create:libraryPicker.inspiration");
    },
    max: INSPIRATION_CLIPS_MAX,
  },
  {
    value: "sample",
    get label() {
      return i18n.t("create:libraryPicker.samples");
    },
    max: SAMPLE_CLIPS_MAX,
  },
];

const SEARCH_DEBOUNCE_MS = 300;
const ROW_HEIGHT_PX = 44;
const LIST_HEIGHT_PX = 400;

export function LibraryPicker({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation("create");
  const userId = useAccount((state) => state.session?.user?.id ?? null);
  const untimed = useForm((form) => form.global.conditions.untimed);
  const [use, setUse] = useState<LibraryUse>(untimed?.sample ? "sample" : "inspiration");
  const [picked, setPicked] = useState<readonly string[]>(
    () => (use === "sample" ? untimed?.sample?.clipIds : untimed?.inspiration?.clipIds) ?? [],
  );
  const [term, setTerm] = useState("");
  const [clips, setClips] = useState<readonly Clip[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const max = USES.find((entry) => entry.value === use)?.max ?? INSPIRATION_CLIPS_MAX;

  useEffect(() => {
    if (userId === null) return;
    let live = true;
    const timer = setTimeout(
      () => {
        searchOwnSongs(userId, term, { limit: FEED_LIMIT_MAX, cursor: null })
          .then((page) => {
            if (!live) return;
            setClips(page.clips);
            setNextCursor(page.nextCursor);
          })
          .catch((failure: unknown) => {
            console.warn("Could not load your library", failure);
            if (live) setClips([]);
          });
      },
      term === "" ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [term, userId]);

  const rows = clips ?? [];
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (userId === null || nextCursor === null || loadingMore || lastIndex < rows.length - 1) return;
    setLoadingMore(true);
    searchOwnSongs(userId, term, { limit: FEED_LIMIT_MAX, cursor: nextCursor })
      .then((page) => {
        setClips((current) => [...(current ?? []), ...page.clips]);
        setNextCursor(page.nextCursor);
      })
      .catch((failure: unknown) => {
        console.warn("Could not load more of your library", failure);
        setNextCursor(null);
      })
      .finally(() => setLoadingMore(false));
  }, [lastIndex, rows.length, nextCursor, loadingMore, userId, term]);

  const switchUse = (next: LibraryUse) => {
    setUse(next);
    const nextMax = USES.find((entry) => entry.value === next)?.max ?? INSPIRATION_CLIPS_MAX;
    setPicked((current) => current.slice(0, nextMax));
  };

  const toggle = (clipId: string) =>
    setPicked((current) =>
      current.includes(clipId)
        ? current.filter((id) => id !== clipId)
        : current.length < max
          ? [...current, clipId]
          : current,
    );

  const confirm = () => {
    applyRule((state, context) => {
      const other =
        use === "sample"
          ? rules.setInspirationClips(state, [], context)
          : rules.setSampleClips(state, [], context);
      return use === "sample"
        ? rules.setSampleClips(other.state, picked, context)
        : rules.setInspirationClips(other.state, picked, context);
    });
    onClose();
  };

  return (
    <CreateModal
      titleId="library-picker-title"
      title={t("libraryPicker.yourLibrary")}
      className="library-modal"
      testId="library-picker"
      onClose={onClose}
      closeOnBackdrop
    >
      <CreateTabs label={t("libraryPicker.useTheSongsAs")} tabs={USES} selected={use} onSelect={switchUse} />
      <p className="create-note">
        {use === "inspiration"
          ? t("libraryPicker.pickUpToOf", { INSPIRATION_CLIPS_MAX })
          : t("libraryPicker.pickUpToOf2", { SAMPLE_CLIPS_MAX })}
      </p>
      <SearchInput label={t("libraryPicker.searchYourLibrary")} value={term} onChange={setTerm} />
      <div
        ref={scroller}
        className="create-modal-list library-list"
        style={{ height: LIST_HEIGHT_PX, overflowY: "auto" }}
        data-testid="library-list"
      >
        <ul style={{ height: virtualizer.getTotalSize(), position: "relative", margin: 0, padding: 0 }}>
          {items.map((item) => {
            const clip = rows[item.index];
            if (clip === undefined) return null;
            const chosen = picked.includes(clip.id);
            return (
              <li
                key={clip.id}
                className={`create-modal-row ${chosen ? "selected" : ""}`}
                data-testid="library-row"
                style={{
                  position: "absolute",
                  top: 0,
                  left: 0,
                  right: 0,
                  height: item.size,
                  transform: `translateY(${item.start}px)`,
                }}
              >
                <label className="grow">
                  <input
                    type="checkbox"
                    checked={chosen}
                    disabled={!chosen && picked.length >= max}
                    onChange={() => toggle(clip.id)}
                  />
                  <span>{clip.title || t("libraryPicker.untitled")}</span>
                  <small>{clip.display_tags ?? clip.metadata.tags ?? ""}</small>
                </label>
              </li>
            );
          })}
        </ul>
      </div>
      {clips === null && <p className="create-empty">{t("libraryPicker.loading")}</p>}
      {clips?.length === 0 && <p className="create-empty">{t("libraryPicker.noSongsFound")}</p>}
      <div className="upload-actions">
        <span className="create-note" data-testid="library-count">
          {picked.length} {t("libraryPicker.of")} {max} {t("libraryPicker.selected")}
        </span>
        <button
          type="button"
          className="secondary"
          disabled={picked.length === 0}
          onClick={() => setPicked([])}
        >
          {t("libraryPicker.clear")}
        </button>
        <button type="button" onClick={confirm}>
          {t("libraryPicker.useSongs")}
        </button>
      </div>
    </CreateModal>
  );
}

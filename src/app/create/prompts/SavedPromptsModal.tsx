import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SAVED_PROMPTS_PAGE_SIZE, type SavedPrompt } from "../../../shared/api/prompts.ts";
import { openDialog } from "../../../ui/dialog-queue.ts";
import { useLocaleFormat } from "../../i18n/use-locale-format.ts";
import { CreateModal } from "../../shell/CreateModal.tsx";
import { showToast } from "../../shell/toast-store.ts";
import { deleteSavedPrompt, listSavedPrompts, type SavedPromptKind } from "./saved-prompts-api.ts";
import "./prompts.css";

interface SavedPromptsModalProps {
  readonly kind: SavedPromptKind;
  readonly onPick: (prompt: SavedPrompt) => void;
  readonly onClose: () => void;
}

const EMPTY: Record<SavedPromptKind, string> = {
  tags: "You do not have any styles saved.",
  lyrics: "You do not have any lyrics saved.",
};
/** The list scrolls at 400 px once it holds more than this many. */
const SHORT_LIST = 3;

/** Saved styles or lyrics: pick one to fill the form; delete after 'Are you sure?'. */
export function SavedPromptsModal({ kind, onPick, onClose }: SavedPromptsModalProps) {
  const { t } = useTranslation("create");
  const format = useLocaleFormat();
  const [prompts, setPrompts] = useState<SavedPrompt[] | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [menuFor, setMenuFor] = useState<string | null>(null);
  /** The next page to load: a full page (100) may have one after it; null when none. */
  const [nextPage, setNextPage] = useState<number | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    listSavedPrompts(kind)
      .then((first) => {
        setPrompts(first);
        setNextPage(first.length >= SAVED_PROMPTS_PAGE_SIZE ? 2 : null);
      })
      .catch((error: unknown) => {
        console.warn("Could not load saved prompts", error);
        setPrompts([]);
      });
  }, [kind]);

  const loadMore = async () => {
    if (nextPage === null) return;
    setLoadingMore(true);
    try {
      const more = await listSavedPrompts(kind, nextPage);
      setPrompts((current) => {
        const known = new Set((current ?? []).map((prompt) => prompt.id));
        return [...(current ?? []), ...more.filter((prompt) => !known.has(prompt.id))];
      });
      setNextPage(more.length >= SAVED_PROMPTS_PAGE_SIZE ? nextPage + 1 : null);
    } catch (error) {
      console.warn("Could not load more saved prompts", error);
    } finally {
      setLoadingMore(false);
    }
  };

  const confirmDelete = (prompt: SavedPrompt) => {
    setMenuFor(null);
    openDialog({
      title: t("savedPromptsModal.areYouSure"),
      body: "Deleting a saved prompt cannot be undone.",
      actions: [
        { label: t("savedPromptsModal.cancel"), kind: "secondary", run: () => undefined },
        {
          label: t("savedPromptsModal.confirm"),
          kind: "danger",
          run: async () => {
            try {
              await deleteSavedPrompt(prompt.id);
              setHidden((current) => new Set([...current, prompt.id]));
            } catch (error) {
              console.warn("Could not delete the saved prompt", error);
              showToast({ kind: "error", title: t("savedPromptsModal.anErrorOccurred"), durationMs: 3000 });
            }
          },
        },
      ],
    });
  };

  const shown = prompts?.filter((prompt) => !hidden.has(prompt.id)) ?? null;
  return (
    <CreateModal
      titleId="saved-prompts-title"
      title={kind === "tags" ? t("savedPromptsModal.savedStyles") : t("savedPromptsModal.savedLyrics")}
      testId="saved-prompts-modal"
      onClose={onClose}
      closeOnBackdrop
    >
      {shown === null && <p className="create-empty">{t("savedPromptsModal.loading")}</p>}
      {shown?.length === 0 && <p className="create-empty">{EMPTY[kind]}</p>}
      {shown !== null && shown.length > 0 && (
        <ul className={`create-modal-list ${shown.length > SHORT_LIST ? "tall" : ""}`}>
          {shown.map((prompt) => (
            <li key={prompt.id} className="create-modal-row" data-testid="saved-prompt">
              <button
                type="button"
                className="grow link-like"
                onClick={() => {
                  onPick(prompt);
                  onClose();
                }}
              >
                <span className="saved-prompt-text">{kind === "tags" ? prompt.tags : prompt.lyrics}</span>
                <small>{format.date(prompt.updated_at)}</small>
              </button>
              <div className="create-add-menu">
                <button
                  type="button"
                  className="create-icon-button"
                  aria-label={t("savedPromptsModal.more")}
                  aria-expanded={menuFor === prompt.id}
                  onClick={() => setMenuFor(menuFor === prompt.id ? null : prompt.id)}
                >
                  ⋯
                </button>
                {menuFor === prompt.id && (
                  <div className="create-add-list right" role="menu">
                    <button type="button" role="menuitem" onClick={() => confirmDelete(prompt)}>
                      {t("savedPromptsModal.delete")}
                    </button>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {nextPage !== null && (
        <button
          type="button"
          className="create-small-button"
          disabled={loadingMore}
          onClick={() => void loadMore()}
        >
          {loadingMore ? t("savedPromptsModal.loading") : t("savedPromptsModal.loadMore")}
        </button>
      )}
    </CreateModal>
  );
}

// The editor once the song may be edited: the edit session begins (or is restored), then the song
// on one track (edit mode) or the stem editor, on the studio's engine and canvas.

import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { editModeProject, selectionRangeOf, withSelectionRange } from "../../studio/edit/edit-project.ts";
import { type EditQuery, editPath } from "../../studio/edit/edit-query.ts";
import type { EditSession } from "../../studio/edit/edit-session.ts";
import { SessionContext, useStudio } from "../../studio/ui/studio-context.ts";
import { navigate } from "../router/history-router.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { EditHeader } from "./EditHeader.tsx";
import { EditTimeline } from "./EditTimeline.tsx";
import { EditTools } from "./EditTools.tsx";
import { type EditOutcome, followEdit } from "./edit-actions.ts";
import { beginEditSession, updateEditSession } from "./edit-session-store.ts";
import { LyricsPanel } from "./LyricsPanel.tsx";
import { StemEditor } from "./StemEditor.tsx";
import { useStudioSession } from "./use-studio-session.ts";
import { VersionsPanel } from "./VersionsPanel.tsx";

interface EditStudioProps {
  readonly clip: Clip;
  readonly query: EditQuery;
}

export function EditStudio({ clip, query }: EditStudioProps) {
  const [session] = useState(() => beginEditSession(clip.id, query.tool));
  const { wid } = query;
  // A finished edit opens its new song here, in the same session and view.
  const onComplete = useCallback(
    (made: Clip) => {
      updateEditSession((current) => ({ ...current, editingClipId: made.id, selectionRange: null }));
      navigate(editPath(made.id, { wid, view: query.view }));
    },
    [wid, query.view],
  );
  const outcome = useMemo<EditOutcome>(() => ({ onComplete, wid }), [onComplete, wid]);
  // Edits still running when the page was reloaded are followed again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per song opened.
  useEffect(() => {
    for (const item of session.pendingClipData) void followEdit(item, outcome);
  }, [clip.id]);
  return query.view === "stems" ? (
    <StemEditor clip={clip} query={query} />
  ) : (
    <SongEditor clip={clip} session={session} outcome={outcome} query={query} />
  );
}

interface SongEditorProps {
  readonly clip: Clip;
  readonly session: EditSession;
  readonly outcome: EditOutcome;
  readonly query: EditQuery;
}

function SongEditor({ clip, session, outcome, query }: SongEditorProps) {
  const { t } = useTranslation("edit");
  const studio = useStudioSession(
    () => withSelectionRange(editModeProject(clip, session.editSessionId), session.selectionRange),
    clip.id,
  );
  // The selection on the canvas is the session's selection range.
  useEffect(
    () =>
      studio?.controller.store.subscribe((state, previous) => {
        const selection = state.history.present.selection;
        if (selection === previous.history.present.selection) return;
        const range = selectionRangeOf(state.history.present);
        updateEditSession((current) =>
          current.selectionRange?.start === range?.start && current.selectionRange?.end === range?.end
            ? current
            : { ...current, selectionRange: range },
        );
      }),
    [studio],
  );
  if (studio === null) return null;
  return (
    <SessionContext.Provider value={studio}>
      <div className="studio edit-page" data-testid="edit-page" data-clip-id={clip.id}>
        <EditHeader clip={clip} query={query} />
        <div className="edit-main">
          <EditTimeline
            corner={<span className="edit-dim">{t("header.song")}</span>}
            header={(track, top) => <SongHeader key={track.id} top={top} height={track.height} />}
          />
          <div className="edit-side">
            <LyricsPanel clip={clip} />
            <VersionsPanel clip={clip} wid={query.wid} />
          </div>
        </div>
        <EditTools clip={clip} studio={studio} outcome={outcome} />
        <Toasts />
      </div>
    </SessionContext.Provider>
  );
}

/** The one track's header: the song's title. In edit mode it cannot be deleted, muted or soloed. */
function SongHeader({ top, height }: { readonly top: number; readonly height: number }) {
  const { t } = useTranslation("edit");
  const name = useStudio((state) => state.history.present.title);
  return (
    <div className="track-header edit-song-header" style={{ top, height }} data-testid="edit-track">
      <strong>{name}</strong>
      <span className="edit-dim">{t("page.wholeSong")}</span>
    </div>
  );
}

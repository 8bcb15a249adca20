// The stem editor: the full song as the first track, the song's stems below, on the studio's
// engine and canvas. Track edits go through the studio's undo history; the layout (horizontal or
// vertical, panels open or collapsed) changes with backtick and keys 1 to 4.

import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { DEFAULT_BPS, projectStateForClip } from "../../shared/project/index.ts";
import { stemMixProject } from "../../studio/edit/edit-project.ts";
import type { EditQuery } from "../../studio/edit/edit-query.ts";
import { DEFAULT_STEM_LAYOUT, layoutAfterKey, type StemLayout } from "../../studio/edit/stem-layout.ts";
import {
  addStemTrack,
  deleteStemTrack,
  duplicateStemTrack,
  moveStemTrack,
  openStemEditor,
  type StemEditorState,
  setAmplitude,
  setBalance,
  toggleMute,
  toggleSolo,
} from "../../studio/edit/stem-tracks.ts";
import {
  canRedo,
  canUndo,
  commandForKey,
  commit,
  createHistory,
  redo,
  undo,
} from "../../studio/editing/index.ts";
import { isTyping } from "../../studio/ui/shell/use-shortcuts.ts";
import { SessionContext } from "../../studio/ui/studio-context.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { EditHeader } from "./EditHeader.tsx";
import { EditTimeline } from "./EditTimeline.tsx";
import { StemMixSave } from "./StemMixSave.tsx";
import { StemPanels } from "./StemPanels.tsx";
import { type StemTrackActions, StemTrackHeader } from "./StemTrackHeader.tsx";
import { stemSourceOf } from "./stem-sources.ts";
import { useStudioSession } from "./use-studio-session.ts";

const newId = () => crypto.randomUUID();

export function StemEditor({ clip, query }: { readonly clip: Clip; readonly query: EditQuery }) {
  const { t } = useTranslation("edit");
  const songSeconds = clip.metadata.duration ?? 0;
  const bps = useMemo(() => projectStateForClip(clip).timing.bps ?? DEFAULT_BPS, [clip]);
  const [history, setHistory] = useState(() =>
    createHistory(openStemEditor(stemSourceOf(clip, songSeconds), [], newId)),
  );
  const [layout, setLayout] = useState<StemLayout>(DEFAULT_STEM_LAYOUT);
  const [focused, setFocused] = useState<string | null>(null);
  const studio = useStudioSession(() => stemMixProject(history.present, bps, clip.title), `${clip.id}:stems`);

  // The engine and the canvas play what the editor holds.
  useEffect(() => {
    studio?.controller.load(stemMixProject(history.present, bps, clip.title));
  }, [studio, history.present, bps, clip.title]);

  const apply = useCallback(
    (edit: (state: StemEditorState) => StemEditorState) =>
      setHistory((current) => commit(current, edit(current.present))),
    [],
  );
  /** The song's stems, placed when the editor still holds the song alone (not an undo step). */
  const placeStems = useCallback(
    (stems: readonly Clip[]) =>
      setHistory((current) =>
        current.past.length === 0 && current.present.tracks.length === 1
          ? createHistory(
              openStemEditor(
                stemSourceOf(clip, songSeconds),
                stems.map((stem) => stemSourceOf(stem, songSeconds)),
                newId,
              ),
            )
          : current,
      ),
    [clip, songSeconds],
  );

  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const inTextInput = isTyping(event.target);
      const next = layoutAfterKey(layoutRef.current, { ...pick(event), inTextInput });
      if (next !== null) {
        event.preventDefault();
        setLayout(next);
        return;
      }
      if (inTextInput) return;
      const command = commandForKey(event);
      if (command === "undo" || command === "redo") {
        event.preventDefault();
        setHistory((current) => (command === "undo" ? undo(current) : redo(current)));
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const actions = useMemo<StemTrackActions>(
    () => ({
      focus: setFocused,
      solo: (id, multi) => apply((state) => toggleSolo(state, id, multi)),
      mute: (id) => apply((state) => toggleMute(state, id)),
      amplitude: (id, value) => apply((state) => setAmplitude(state, id, value)),
      balance: (id, value) => apply((state) => setBalance(state, id, value)),
      move: (id, by) =>
        apply((state) => moveStemTrack(state, id, state.tracks.findIndex((track) => track.id === id) + by)),
      duplicate: (id) => apply((state) => duplicateStemTrack(state, id, newId())),
      remove: (id) => apply((state) => deleteStemTrack(state, id)),
    }),
    [apply],
  );

  if (studio === null) return null;
  const tracks = history.present.tracks;
  const timeline = (
    <EditTimeline
      corner={
        <span className="stem-history">
          <button
            type="button"
            className="ghost"
            disabled={!canUndo(history)}
            onClick={() => setHistory(undo)}
          >
            {t("stems.undo")}
          </button>
          <button
            type="button"
            className="ghost"
            disabled={!canRedo(history)}
            onClick={() => setHistory(redo)}
          >
            {t("stems.redo")}
          </button>
        </span>
      }
      header={(projectTrack, top) => {
        const index = tracks.findIndex((track) => track.id === projectTrack.id);
        const track = tracks[index];
        return track === undefined ? null : (
          <StemTrackHeader
            key={track.id}
            track={track}
            index={index}
            top={top}
            focused={focused === track.id}
            actions={actions}
          />
        );
      }}
    />
  );
  return (
    <SessionContext.Provider value={studio}>
      <div className="studio edit-page stem-editor" data-testid="stem-editor" data-layout={layout.mode}>
        <EditHeader clip={clip} query={query} />
        <StemPanels
          clip={clip}
          layout={layout}
          onLayout={setLayout}
          timeline={timeline}
          state={history.present}
          focusedId={focused}
          onStems={placeStems}
          onAdd={(stem) => apply((state) => addStemTrack(state, stemSourceOf(stem, songSeconds), newId()))}
          apply={apply}
          mixSave={
            // Its own boundary: its texts' first load must not suspend (and so remount) the editor.
            <Suspense fallback={null}>
              <StemMixSave clip={clip} state={history.present} bps={bps} />
            </Suspense>
          }
        />
        <Toasts />
      </div>
    </SessionContext.Provider>
  );
}

const pick = (event: KeyboardEvent) => ({
  key: event.key,
  ctrlKey: event.ctrlKey,
  metaKey: event.metaKey,
  altKey: event.altKey,
});

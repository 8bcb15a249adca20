// The editor's tools under the waveform: the selection (start and end, also set by dragging over
// the song), then crop, fade-out and speed (server edits, polled to completion), replace section
// and extend (generations). The active tool and every setting live in the edit session.

import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { EDIT_SPEED_MAX, EDIT_SPEED_MIN, FADE_OUT_MAX_S } from "../../shared/api/edit.ts";
import { selectionRangeOf, withSelectionRange } from "../../studio/edit/edit-project.ts";
import type { EditSession, EditTool, SelectionRange } from "../../studio/edit/edit-session.ts";
import type { StudioSession } from "../../studio/session/studio-session.ts";
import { type EditOutcome, type EditRequest, runEdit } from "./edit-actions.ts";
import { updateEditSession, useEditSession } from "./edit-session-store.ts";
import { ExtendTool, ReplaceSectionTool } from "./GenerateTools.tsx";
import { NumberField } from "./NumberField.tsx";

/** The tools in tab order; each tab's words are `edit:tools.tabs.{tool}`. */
const TABS: readonly EditTool[] = ["edit_details", "crop", "fade_out", "speed", "replace_section", "extend"];

const set = (change: Partial<EditSession>) => updateEditSession((session) => ({ ...session, ...change }));

/** The fade-out's length, shared by crop's fade-out and the fade-out tool (kept in milliseconds). */
const FadeLengthField = ({ seconds }: { readonly seconds: number }) => {
  const { t } = useTranslation("edit");
  return (
    <NumberField
      label={t("tools.fadeLength")}
      value={seconds}
      min={0.1}
      max={FADE_OUT_MAX_S}
      step={0.5}
      onCommit={(v) => set({ fadeOutLengthMs: Math.round(v * 1000) })}
    />
  );
};

interface EditToolsProps {
  readonly clip: Clip;
  readonly studio: StudioSession;
  readonly outcome: EditOutcome;
}

export function EditTools({ clip, studio, outcome }: EditToolsProps) {
  const { t } = useTranslation("edit");
  const session = useEditSession((current) => current);
  if (session === null) return null;
  const range = session.selectionRange;
  const busy = session.pendingClipData.length > 0;
  const run = (request: EditRequest) => void runEdit(clip.id, request, outcome);
  // A field's commit changes one end of the range as it is now on the canvas, not as it was at the
  // last render: a start and an end typed in quick succession both hold.
  const changeRange = (pick: (current: SelectionRange | null) => SelectionRange) =>
    studio.controller.select((project) => {
      const next = pick(selectionRangeOf(project));
      return next.end > next.start ? withSelectionRange(project, next) : project;
    });
  const fadeSeconds = session.fadeOutLengthMs / 1000;
  // With nothing selected yet, a start alone selects to the end of the song.
  const songEnd = clip.metadata.duration ?? Number.POSITIVE_INFINITY;
  const id = session.editSessionId;
  return (
    <section className="edit-tools" aria-label={t("tools.label")} data-testid="edit-tools">
      <div className="edit-tabs" role="tablist">
        {TABS.map((tool) => (
          <button
            key={tool}
            type="button"
            role="tab"
            aria-selected={session.activeEditTool === tool}
            onClick={() => set({ activeEditTool: tool })}
          >
            {t(`tools.tabs.${tool}`)}
          </button>
        ))}
      </div>
      <div className="edit-selection">
        <NumberField
          label={t("tools.start")}
          value={range?.start ?? 0}
          min={0}
          max={songEnd}
          step={0.1}
          onCommit={(v) => changeRange((now) => ({ start: v, end: now?.end ?? songEnd }))}
        />
        <NumberField
          label={t("tools.end")}
          value={range?.end ?? 0}
          min={0}
          max={songEnd}
          step={0.1}
          onCommit={(v) => changeRange((now) => ({ start: now?.start ?? 0, end: v }))}
        />
        <span className="edit-dim">
          {range === null
            ? t("tools.dragToSelect")
            : t("tools.selected", { seconds: (range.end - range.start).toFixed(1) })}
        </span>
      </div>
      {busy && (
        <p className="edit-pending" role="status" data-testid="edit-pending">
          {t("tools.pending", {
            edits: session.pendingClipData.map((item) => t(`tools.pendingKinds.${item.type}`)).join(", "),
          })}
        </p>
      )}
      <div className="edit-tool-body">
        {session.activeEditTool === "edit_details" && <p className="edit-dim">{t("tools.pickATool")}</p>}
        {session.activeEditTool === "crop" && (
          <>
            <fieldset className="edit-choice">
              <legend>{t("tools.theSelection")}</legend>
              <label>
                <input
                  type="radio"
                  checked={!session.isCropRemove}
                  onChange={() => set({ isCropRemove: false })}
                />
                {t("tools.keepIt")}
              </label>
              <label>
                <input
                  type="radio"
                  checked={session.isCropRemove}
                  onChange={() => set({ isCropRemove: true })}
                />
                {t("tools.removeIt")}
              </label>
            </fieldset>
            <label className="edit-check">
              <input
                type="checkbox"
                checked={session.isFadeOut}
                onChange={(e) => set({ isFadeOut: e.target.checked })}
              />
              {t("tools.fadeAtNewEnd")}
            </label>
            {session.isFadeOut && <FadeLengthField seconds={fadeSeconds} />}
            <button
              type="button"
              className="primary"
              disabled={range === null || busy}
              onClick={() =>
                range &&
                run({
                  kind: "crop",
                  body: {
                    crop_start_s: range.start,
                    crop_end_s: range.end,
                    is_crop_remove: session.isCropRemove,
                    fade_out_time: session.isFadeOut ? fadeSeconds : null,
                    edit_session_id: id,
                  },
                })
              }
            >
              {t("tools.crop")}
            </button>
          </>
        )}
        {session.activeEditTool === "fade_out" && (
          <>
            <FadeLengthField seconds={fadeSeconds} />
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => run({ kind: "fade", body: { fade_out_time: fadeSeconds, edit_session_id: id } })}
            >
              {t("tools.applyFadeOut")}
            </button>
          </>
        )}
        {session.activeEditTool === "speed" && (
          <>
            <NumberField
              label={t("tools.speedFactor")}
              value={session.speedFactor}
              min={EDIT_SPEED_MIN}
              max={EDIT_SPEED_MAX}
              step={0.05}
              onCommit={(v) => set({ speedFactor: v })}
            />
            <label className="edit-check">
              <input
                type="checkbox"
                checked={session.changeTempoOnly}
                onChange={(e) => set({ changeTempoOnly: e.target.checked })}
              />
              {t("tools.tempoOnly")}
            </label>
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() =>
                run({
                  kind: "speed",
                  body: {
                    speed_factor: session.speedFactor,
                    tempo_only: session.changeTempoOnly,
                    change_speed_start_time: range?.start ?? null,
                    change_speed_end_time: range?.end ?? null,
                    edit_session_id: id,
                  },
                })
              }
            >
              {range === null ? t("tools.changeSpeed") : t("tools.changeSpeedOfSelection")}
            </button>
          </>
        )}
        {session.activeEditTool === "replace_section" && (
          <ReplaceSectionTool clip={clip} session={session} wid={outcome.wid} />
        )}
        {session.activeEditTool === "extend" && (
          <ExtendTool clip={clip} session={session} wid={outcome.wid} />
        )}
      </div>
    </section>
  );
}

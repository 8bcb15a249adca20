// The editor's tools under the waveform: the selection (start and end, also set by dragging over
// the song), then crop, fade-out and speed (server edits, polled to completion), replace section
// and extend (generations). The active tool and every setting live in the edit session.

import type { Clip } from "../../shared/api/clips.ts";
import { EDIT_SPEED_MAX, EDIT_SPEED_MIN, FADE_OUT_MAX_S } from "../../shared/api/edit.ts";
import { selectionRangeOf, withSelectionRange } from "../../studio/edit/edit-project.ts";
import type { EditSession, EditTool, SelectionRange } from "../../studio/edit/edit-session.ts";
import type { StudioSession } from "../../studio/session/studio-session.ts";
import { type EditOutcome, type EditRequest, runEdit } from "./edit-actions.ts";
import { updateEditSession, useEditSession } from "./edit-session-store.ts";
import { ExtendTool, ReplaceSectionTool } from "./GenerateTools.tsx";
import { NumberField } from "./NumberField.tsx";

const TABS: readonly { readonly tool: EditTool; readonly label: string }[] = [
  { tool: "edit_details", label: "Details" },
  { tool: "crop", label: "Crop" },
  { tool: "fade_out", label: "Fade Out" },
  { tool: "speed", label: "Speed" },
  { tool: "replace_section", label: "Replace Section" },
  { tool: "extend", label: "Extend" },
];

const PENDING_LABELS = {
  edit_crop: "Cropping",
  edit_fade: "Fading out",
  edit_speed: "Changing speed",
} as const;

const set = (change: Partial<EditSession>) => updateEditSession((session) => ({ ...session, ...change }));

/** The fade-out's length, shared by crop's fade-out and the fade-out tool (kept in milliseconds). */
const FadeLengthField = ({ seconds }: { readonly seconds: number }) => (
  <NumberField
    label="Fade-out (s)"
    value={seconds}
    min={0.1}
    max={FADE_OUT_MAX_S}
    step={0.5}
    onCommit={(v) => set({ fadeOutLengthMs: Math.round(v * 1000) })}
  />
);

interface EditToolsProps {
  readonly clip: Clip;
  readonly studio: StudioSession;
  readonly outcome: EditOutcome;
}

export function EditTools({ clip, studio, outcome }: EditToolsProps) {
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
    <section className="edit-tools" aria-label="Edit tools" data-testid="edit-tools">
      <div className="edit-tabs" role="tablist">
        {TABS.map((tab) => (
          <button
            key={tab.tool}
            type="button"
            role="tab"
            aria-selected={session.activeEditTool === tab.tool}
            onClick={() => set({ activeEditTool: tab.tool })}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="edit-selection">
        <NumberField
          label="Start (s)"
          value={range?.start ?? 0}
          min={0}
          max={songEnd}
          step={0.1}
          onCommit={(v) => changeRange((now) => ({ start: v, end: now?.end ?? songEnd }))}
        />
        <NumberField
          label="End (s)"
          value={range?.end ?? 0}
          min={0}
          max={songEnd}
          step={0.1}
          onCommit={(v) => changeRange((now) => ({ start: now?.start ?? 0, end: v }))}
        />
        <span className="edit-dim">
          {range === null
            ? "Drag over the song to select a range."
            : `${(range.end - range.start).toFixed(1)} s selected`}
        </span>
      </div>
      {busy && (
        <p className="edit-pending" role="status" data-testid="edit-pending">
          {session.pendingClipData.map((item) => PENDING_LABELS[item.type]).join(", ")}... The new song opens
          here when it is ready.
        </p>
      )}
      <div className="edit-tool-body">
        {session.activeEditTool === "edit_details" && (
          <p className="edit-dim">
            Pick a tool: crop or fade out the song, change its speed, replace a section with new lyrics or
            extend it.
          </p>
        )}
        {session.activeEditTool === "crop" && (
          <>
            <fieldset className="edit-choice">
              <legend>The selection</legend>
              <label>
                <input
                  type="radio"
                  checked={!session.isCropRemove}
                  onChange={() => set({ isCropRemove: false })}
                />
                Keep it
              </label>
              <label>
                <input
                  type="radio"
                  checked={session.isCropRemove}
                  onChange={() => set({ isCropRemove: true })}
                />
                Remove it
              </label>
            </fieldset>
            <label className="edit-check">
              <input
                type="checkbox"
                checked={session.isFadeOut}
                onChange={(e) => set({ isFadeOut: e.target.checked })}
              />
              Fade out at the new end
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
              Crop
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
              Apply Fade Out
            </button>
          </>
        )}
        {session.activeEditTool === "speed" && (
          <>
            <NumberField
              label="Speed (x)"
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
              Change tempo only (keep the pitch)
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
              {range === null ? "Change Speed" : "Change Speed of the Selection"}
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

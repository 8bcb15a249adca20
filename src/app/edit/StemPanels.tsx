// The stem editor's panels: create (make the song's stems), session (the tracks on the timeline),
// library (the song's stems, to add as tracks) and the focused-object sidebar (the focused track's
// name, stem type and height). Horizontal: side by side; vertical: the session on top. A collapsed
// panel keeps a 48 px strip that opens it again.

import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { STEM_TYPES, type StemType } from "../../shared/api/stem-types.ts";
import { PANEL_SIZES, type Panel, panelSize, type StemLayout } from "../../studio/edit/stem-layout.ts";
import {
  renameTrack,
  STEM_TRACK_HEIGHTS,
  type StemEditorState,
  type StemTrackHeight,
  setHeight,
  setStemType,
} from "../../studio/edit/stem-tracks.ts";
import { ApiError } from "../account/api-request.ts";
import { makeStems } from "../clip-actions/stem-files.ts";
import { findStems, stemLabel } from "./stem-sources.ts";

interface StemPanelsProps {
  readonly clip: Clip;
  readonly layout: StemLayout;
  readonly onLayout: (layout: StemLayout) => void;
  readonly timeline: ReactNode;
  readonly state: StemEditorState;
  readonly focusedId: string | null;
  /** The song's stems were found or made. */
  readonly onStems: (stems: readonly Clip[]) => void;
  readonly onAdd: (stem: Clip) => void;
  readonly apply: (edit: (state: StemEditorState) => StemEditorState) => void;
  /** Save mix as a song, in the create panel below Get Stems. */
  readonly mixSave: ReactNode;
}

function grid(layout: StemLayout): CSSProperties {
  const px = (panel: Exclude<Panel, "session">) => `${panelSize(layout, panel)}px`;
  const session = layout.open.session ? "minmax(0, 1fr)" : `${PANEL_SIZES.collapsed}px`;
  if (layout.mode === "vertical")
    return {
      gridTemplateRows: `${layout.open.session ? PANEL_SIZES.verticalTop : PANEL_SIZES.collapsed}px minmax(0, 1fr)`,
      gridTemplateColumns: `${px("create")} minmax(0, 1fr) ${px("sidebar")}`,
      gridTemplateAreas: '"session session session" "create library sidebar"',
    };
  const library = layout.open.session ? px("library") : "minmax(0, 1fr)";
  return {
    gridTemplateColumns: `${px("create")} ${session} ${library} ${px("sidebar")}`,
    gridTemplateAreas: '"create session library sidebar"',
  };
}

export function StemPanels(props: StemPanelsProps) {
  const { t } = useTranslation("edit");
  const { clip, layout, onLayout, onStems } = props;
  const [stems, setStems] = useState<readonly Clip[] | null>(null);
  const [making, setMaking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    findStems(clip.id, abort.signal)
      .then((found) => {
        setStems(found);
        onStems(found);
      })
      .catch((failure: unknown) => {
        if (!abort.signal.aborted)
          setError(failure instanceof ApiError ? failure.detail : "The stems could not be loaded.");
      });
    return () => abort.abort();
  }, [clip.id, onStems]);

  const make = async () => {
    setMaking(true);
    setError(null);
    try {
      const made = await makeStems(clip);
      setStems(made);
      onStems(made);
    } catch (failure) {
      setError(
        failure instanceof ApiError ? failure.detail : "The stems could not be made, please try again.",
      );
    } finally {
      setMaking(false);
    }
  };

  const panel = (name: Panel, body: ReactNode) => {
    const open = layout.open[name];
    const toggle = () => onLayout({ ...layout, open: { ...layout.open, [name]: !open } });
    return (
      <section
        className={`stem-panel${open ? "" : " collapsed"}`}
        style={{ gridArea: name }}
        data-panel={name}
        data-open={open}
        aria-label={t("stems.panel", { name: t(`stems.panels.${name}`) })}
      >
        <header className="stem-panel-head">
          <button
            type="button"
            className="ghost"
            aria-expanded={open}
            onClick={toggle}
            title={t("stems.panel", { name: t(`stems.panels.${name}`) })}
          >
            {t(`stems.panels.${name}`)}
          </button>
        </header>
        {open && <div className="stem-panel-body">{body}</div>}
      </section>
    );
  };

  return (
    <div className={`stem-body stem-${layout.mode}`} style={grid(layout)}>
      {panel(
        "create",
        <>
          <p className="edit-dim">{t("stems.split")}</p>
          <button type="button" className="primary" disabled={making} onClick={() => void make()}>
            {making ? t("stems.making") : t("stems.getStems")}
          </button>
          {props.mixSave}
        </>,
      )}
      {panel("session", props.timeline)}
      {panel(
        "library",
        <>
          {error !== null && <p role="alert">{error}</p>}
          {stems === null && error === null && <p className="edit-dim">{t("stems.looking")}</p>}
          {stems !== null && stems.length === 0 && <p className="edit-dim">{t("stems.noStems")}</p>}
          <ul className="stem-library" data-testid="stem-library">
            {stems?.map((stem) => (
              <li key={stem.id}>
                <span>{stemLabel(stem)}</span>
                <button
                  type="button"
                  className="ghost"
                  onClick={() => props.onAdd(stem)}
                  aria-label={t("stems.addNamed", { name: stemLabel(stem) })}
                >
                  {t("stems.add")}
                </button>
              </li>
            ))}
          </ul>
        </>,
      )}
      {panel("sidebar", <FocusedTrack {...props} />)}
    </div>
  );
}

function FocusedTrack({ state, focusedId, apply }: StemPanelsProps) {
  const { t } = useTranslation("edit");
  const track = state.tracks.find((candidate) => candidate.id === focusedId);
  if (track === undefined) return <p className="edit-dim">{t("stems.clickATrack")}</p>;
  return (
    <div className="stem-focused" data-testid="stem-focused">
      <label className="edit-number">
        <span>{t("stems.name")}</span>
        <input
          key={track.id}
          defaultValue={track.name}
          onBlur={(event) => apply((current) => renameTrack(current, track.id, event.target.value))}
        />
      </label>
      {!track.fullSong && (
        <label className="edit-number">
          <span>{t("stems.stemType")}</span>
          <select
            value={track.stemType ?? ""}
            onChange={(event) =>
              apply((current) =>
                setStemType(current, track.id, (event.target.value || null) as StemType | null),
              )
            }
          >
            <option value="">{t("stems.none")}</option>
            {STEM_TYPES.map((type) => (
              <option key={type} value={type}>
                {type.replace("_", " ")}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="edit-number">
        <span>{t("stems.height")}</span>
        <select
          value={track.height}
          onChange={(event) =>
            apply((current) => setHeight(current, track.id, Number(event.target.value) as StemTrackHeight))
          }
        >
          {STEM_TRACK_HEIGHTS.map((height) => (
            <option key={height} value={height}>
              {t("stems.pixels", { height })}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useShallow } from "zustand/shallow";
import { DEFAULT_AMPLITUDE } from "../../../shared/project/index.ts";
import { canRedo, canUndo, setMasterAmplitude, setProjectTitle, toggleLoop } from "../../editing/index.ts";
import { Fader } from "../controls/Fader.tsx";
import { Tooltip } from "../controls/Tooltip.tsx";
import { useSession, useStudio } from "../studio-context.ts";
import { DspLoad } from "./DspLoad.tsx";
import {
  ExportIcon,
  FollowIcon,
  LoopIcon,
  MetronomeIcon,
  PlayIcon,
  RedoIcon,
  StopIcon,
  ToStartIcon,
  UndoIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from "./icons.tsx";
import { PlayheadReadout } from "./PlayheadReadout.tsx";
import { RecordControls } from "./RecordControls.tsx";
import { SaveStatus } from "./SaveStatus.tsx";
import { TempoField } from "./TempoField.tsx";
import { ThemeSelector } from "./ThemeSelector.tsx";

function TitleField() {
  const { t } = useTranslation("studio");
  const { controller } = useSession();
  const title = useStudio((state) => state.history.present.title);
  const [text, setText] = useState(title);
  useEffect(() => setText(title), [title]);
  return (
    <input
      className="project-title"
      aria-label={t("transport.projectTitle")}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => text !== title && controller.edit((project) => setProjectTitle(project, text))}
      onKeyDown={(event) => {
        if (event.key === "Enter") event.currentTarget.blur();
        if (event.key === "Escape") {
          setText(title);
          event.currentTarget.blur();
        }
      }}
    />
  );
}

/** Zoom buttons step by a factor of 1.5 around the middle of the view. */
const ZOOM_STEP = 1.5;

export function TransportBar() {
  const { t } = useTranslation("studio");
  const session = useSession();
  const { controller, viewport } = session;
  const { playing, follow } = useStudio(
    useShallow((state) => ({ playing: state.ui.playing, follow: state.ui.follow })),
  );
  const { loopOn, metronomeOn, amplitude } = useStudio(
    useShallow((state) => ({
      loopOn: state.history.present.loop.enabled,
      metronomeOn: state.history.present.metronome.enabled,
      amplitude: state.history.present.amplitude,
    })),
  );
  const { undoable, redoable } = useStudio(
    useShallow((state) =>
      state.live !== null
        ? { undoable: state.live.canUndo, redoable: state.live.canRedo }
        : { undoable: canUndo(state.history), redoable: canRedo(state.history) },
    ),
  );
  const button = (
    label: string,
    shortcut: string | null,
    pressed: boolean | null,
    onClick: () => void,
    body: React.ReactNode,
    extra = "",
  ) => (
    <Tooltip label={shortcut === null ? label : t("transport.withShortcut", { label, shortcut })}>
      <button
        type="button"
        className={`icon-button ${extra}`}
        aria-label={label}
        aria-pressed={pressed ?? undefined}
        onClick={onClick}
      >
        {body}
      </button>
    </Tooltip>
  );
  return (
    <div className="transport" role="toolbar" aria-label={t("transport.toolbar")}>
      <div className="transport-group brand">
        <a className="brand-mark" href="/">
          <span className="visually-hidden">{t("transport.home")}</span>
        </a>
        <TitleField />
      </div>
      <div className="transport-group">
        {button(t("transport.toStart"), null, null, () => controller.seek(0), <ToStartIcon />)}
        <Tooltip label={playing ? t("transport.stopTip") : t("transport.playTip")}>
          <button
            type="button"
            className="icon-button play"
            aria-label={playing ? t("transport.stop") : t("transport.play")}
            data-testid="play-button"
            onClick={() => controller.togglePlay()}
          >
            {playing ? <StopIcon /> : <PlayIcon />}
          </button>
        </Tooltip>
        {button(t("transport.loop"), null, loopOn, () => controller.edit(toggleLoop), <LoopIcon />, "loop")}
        {button(
          t("transport.metronome"),
          "C",
          metronomeOn,
          () => controller.run("toggleMetronome"),
          <MetronomeIcon />,
        )}
        {button(
          t("transport.follow"),
          "Ctrl+F",
          follow,
          () => controller.run("toggleFollow"),
          <FollowIcon />,
        )}
      </div>
      <RecordControls />
      <div className="transport-group">
        <PlayheadReadout />
        <TempoField />
      </div>
      <div className="transport-group">
        {button(
          t("transport.undo"),
          "Ctrl+Z",
          null,
          () => controller.undo(),
          <UndoIcon />,
          undoable ? "" : "dim",
        )}
        {button(
          t("transport.redo"),
          "Ctrl+Shift+Z",
          null,
          () => controller.redo(),
          <RedoIcon />,
          redoable ? "" : "dim",
        )}
        {button(
          t("transport.zoomOut"),
          null,
          null,
          () => viewport.zoomAt(viewport.pixelsPerBeat / ZOOM_STEP, viewport.width / 2),
          <ZoomOutIcon />,
        )}
        {button(
          t("transport.zoomIn"),
          null,
          null,
          () => viewport.zoomAt(viewport.pixelsPerBeat * ZOOM_STEP, viewport.width / 2),
          <ZoomInIcon />,
        )}
      </div>
      <div className="transport-spacer" />
      <SaveStatus />
      <div className="transport-group">
        <DspLoad />
        <div className="master">
          <span className="master-label">{t("transport.master")}</span>
          <Fader
            label={t("transport.masterVolume")}
            value={amplitude}
            defaultValue={DEFAULT_AMPLITUDE}
            meter={{}}
            testId="master-fader"
            onGestureStart={() => controller.beginGesture()}
            onGestureEnd={() => controller.endGesture()}
            onGestureCancel={() => controller.cancelGesture()}
            onChange={(value) => controller.edit((project) => setMasterAmplitude(project, value))}
          />
        </div>
      </div>
      <div className="transport-group">
        <ThemeSelector />
        <button
          type="button"
          className="primary export-button"
          onClick={() => controller.showSection("export")}
        >
          <ExportIcon />
          {t("transport.export")}
        </button>
      </div>
    </div>
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { stemTypeLabel } from "../../shared/api/stem-types.ts";
import { safeTitle } from "../../shared/file-names.ts";
import { ApiError } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { ActionDialog } from "./ActionDialog.tsx";
import {
  type MidiFile,
  makeStems,
  refreshStems,
  STEM_POLL_MS,
  songMidiFiles,
  stemDownloadUrl,
  stemsPending,
} from "./stem-files.ts";

const failure = (error: unknown) =>
  error instanceof ApiError ? error.detail : i18n.t("songMenu:actions.stemsFailed");

function saveMidi(title: string, file: MidiFile): void {
  const url = URL.createObjectURL(new Blob([file.bytes as BlobPart], { type: "audio/midi" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${safeTitle(`${title} - ${file.name}`)}.mid`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The song's stems, listed as they complete, and with `midi` its MIDI files. */
export function StemsModal(props: {
  readonly clip: Clip;
  readonly midi: boolean;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation("songMenu");
  const { clip, midi } = props;
  const [stems, setStems] = useState<readonly Clip[] | null>(null);
  const [midiFiles, setMidiFiles] = useState<readonly MidiFile[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    makeStems(clip)
      .then((made) => live && setStems(made))
      .catch((failed: unknown) => live && setError(failure(failed)));
    if (midi) {
      songMidiFiles(clip)
        .then((files) => live && setMidiFiles(files))
        .catch((failed: unknown) => live && setError(failure(failed)));
    }
    return () => {
      live = false;
    };
  }, [clip, midi]);
  // Stems of a song without the generator's parts are separated on the server: look again until done.
  useEffect(() => {
    if (stems === null || !stemsPending(stems)) return;
    let live = true;
    const timer = setTimeout(() => {
      refreshStems(stems)
        .then((now) => live && setStems(now))
        .catch((failed: unknown) => live && setError(failure(failed)));
    }, STEM_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [stems]);
  const title = clip.title || t("actions.untitled");
  return (
    <ActionDialog
      title={midi ? t("actions.stemsAndMidi") : t("actions.stems")}
      testId="stems-modal"
      onClose={props.onClose}
    >
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {stems === null && !error && <p aria-live="polite">{t("actions.separatingStems", { title })}</p>}
      {stems !== null && stems.length === 0 && <p>{t("actions.noStems")}</p>}
      {stems !== null && stems.length > 0 && (
        <ul className="clip-action-list" aria-label={t("actions.stems")}>
          {stems.map((stem) => {
            const href = stemDownloadUrl(stem);
            return (
              <li key={stem.id} data-testid="stem-row">
                <span>{stemTypeLabel(stem.metadata.stem_type_group_name ?? stem.title)}</span>
                {stem.status === "complete" && href ? (
                  <a href={href} download>
                    {t("actions.downloadWav")}
                  </a>
                ) : stem.status === "error" ? (
                  <span className="error">{stem.metadata.error_message ?? t("actions.notSeparated")}</span>
                ) : (
                  <span aria-live="polite">{t("actions.separating")}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {midi && (
        <>
          <h3 className="clip-action-subhead">{t("actions.midi")}</h3>
          {midiFiles === null && !error && <p aria-live="polite">{t("actions.readingMidi")}</p>}
          {midiFiles !== null && (
            <ul className="clip-action-list" aria-label={t("actions.midiFiles")}>
              {midiFiles.map((file) => (
                <li key={file.name} data-testid="midi-row">
                  <span>{file.name}</span>
                  <button
                    type="button"
                    className="clip-action-secondary"
                    onClick={() => saveMidi(title, file)}
                  >
                    {t("actions.downloadMidi")}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </ActionDialog>
  );
}

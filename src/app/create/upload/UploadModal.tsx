import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  defaultTrimRange,
  pickUploadFile,
  type TrimLimits,
  type TrimRange,
  UPLOAD_MESSAGE_MS,
  UPLOAD_MESSAGES,
} from "../../../shared/create/upload-trim-rules.ts";
import { clipNameOf } from "../../../studio/uploads/drop-validation.ts";
import { openDialog } from "../../../ui/dialog-queue.ts";
import { useModalFocus } from "../../../ui/modal-focus.ts";
import { showToast } from "../../shell/toast-store.ts";
import { openCopyrightWarning } from "../copyright-warning.ts";
import { showSystemError } from "../generation-error-toasts.ts";
import { type FinalizeChoice, FinalizeStage } from "./FinalizeStage.tsx";
import { RecordStage } from "./RecordStage.tsx";
import { TrimStage } from "./TrimStage.tsx";
import { recordingTitle, trimmedFile } from "./trimmed-file.ts";
import { UPLOAD_DROP_EVENT } from "./upload-files.ts";
import { processUpload, type UploadedAudio, UploadFailure, uploadMessage } from "./upload-process.ts";
import { agreeToTerms, recordTermsAcceptance, termsAgreedAt } from "./upload-terms.ts";
import "./upload.css";

interface UploadModalProps {
  /** A file dropped on the window or picked before the modal opened. */
  readonly initialFile: File | null;
  readonly limits: TrimLimits;
  /** A persona's base song skips finalize: it is only saved, then becomes the persona's root. */
  readonly purpose: "upload" | "persona";
  readonly onClose: () => void;
  readonly onUploaded: (audio: UploadedAudio, choice: FinalizeChoice) => void;
}

type Stage = "terms" | "source" | "trim" | "finalize" | "processing";

interface Source {
  readonly buffer: AudioBuffer;
  readonly file: File | null;
}

async function decodeFile(file: File): Promise<AudioBuffer> {
  const context = new AudioContext();
  try {
    return await context.decodeAudioData(await file.arrayBuffer());
  } finally {
    void context.close();
  }
}

const STAGE_TITLE_KEYS: Record<Stage, string> = {
  terms: "uploadModal.stageUpload",
  source: "uploadModal.stageUpload",
  trim: "uploadModal.stageTrim",
  finalize: "uploadModal.stageFinalize",
  processing: "uploadModal.stageProcessing",
};

/** The audio upload modal (500 x 600): terms, upload or record, trim, finalize, processing. */
export function UploadModal({ initialFile, limits, purpose, onClose, onUploaded }: UploadModalProps) {
  const { t } = useTranslation("create");
  const [stage, setStage] = useState<Stage>(termsAgreedAt() === null ? "terms" : "source");
  const [source, setSource] = useState<Source | null>(null);
  const [title, setTitle] = useState("Untitled Song");
  const [range, setRange] = useState<TrimRange>({ startSeconds: 0, endSeconds: 0 });
  const [choice, setChoice] = useState<FinalizeChoice>("save");
  const [progress, setProgress] = useState("Uploading...");
  const [pending, setPending] = useState<File | null>(initialFile);
  const abort = useRef<AbortController | null>(null);
  const uploadType = useRef<"file_upload" | "recording">("file_upload");

  const toTrim = (buffer: AudioBuffer, file: File | null, name: string) => {
    setSource({ buffer, file });
    setTitle(name || "Untitled Song");
    setRange(defaultTrimRange(buffer.duration, limits));
    setStage("trim");
  };

  const takeFiles = async (files: readonly File[]) => {
    const pick = pickUploadFile(files);
    if (pick === null) return;
    if ("message" in pick) {
      showToast({ kind: "error", title: pick.message, durationMs: UPLOAD_MESSAGE_MS });
      return;
    }
    try {
      uploadType.current = "file_upload";
      toTrim(await decodeFile(pick.file), pick.file, clipNameOf(pick.file.name));
    } catch (error) {
      console.warn("Could not decode the file", error);
      showToast({ kind: "error", title: UPLOAD_MESSAGES.audioOnly, durationMs: UPLOAD_MESSAGE_MS });
    }
  };

  // A file brought in by a drop goes to trim once the terms are agreed.
  useEffect(() => {
    if (pending === null || stage !== "source") return;
    setPending(null);
    void takeFiles([pending]);
  });

  // Later drops while the modal is open replace the chosen file (before processing).
  useEffect(() => {
    const onDrop = (event: Event) => {
      const files = (event as CustomEvent<readonly File[]>).detail;
      if (stage === "source" || stage === "trim") void takeFiles(files);
    };
    window.addEventListener(UPLOAD_DROP_EVENT, onDrop);
    return () => window.removeEventListener(UPLOAD_DROP_EVENT, onDrop);
  });

  useEffect(() => () => abort.current?.abort(), []);

  const unsaved = stage === "trim" || stage === "finalize";
  const close = () => {
    if (stage === "processing") {
      abort.current?.abort();
      onClose();
      return;
    }
    if (!unsaved) {
      onClose();
      return;
    }
    openDialog({
      title: t("uploadModal.discardChanges"),
      body: "Any unsaved changes will be lost.",
      actions: [
        { label: t("uploadModal.cancel"), kind: "secondary", run: () => undefined },
        { label: t("uploadModal.discard"), kind: "danger", run: onClose },
      ],
    });
  };

  const back = () => {
    if (stage === "trim") {
      setSource(null);
      setStage("source");
    } else if (stage === "finalize") setStage("trim");
    else onClose();
  };

  const start = async () => {
    if (source === null) return;
    const file = trimmedFile(source.buffer, range, title, source.file);
    const controller = new AbortController();
    abort.current = controller;
    setStage("processing");
    try {
      const uploaded = await processUpload({
        file,
        title: title.trim() || t("uploadModal.untitledSong"),
        uploadType: uploadType.current,
        signal: controller.signal,
        onStage: (step) =>
          setProgress(
            step === "uploading" ? "Uploading..." : step === "processing" ? "Processing..." : "Finishing...",
          ),
      });
      onUploaded(uploaded, purpose === "persona" ? "save" : choice);
    } catch (error) {
      if (error instanceof UploadFailure) {
        if (error.kind === "cancelled") return;
        if (error.kind === "copyright") {
          showToast({ kind: "error", title: uploadMessage("copyright"), durationMs: UPLOAD_MESSAGE_MS });
          openCopyrightWarning();
        } else if (error.kind === "status") {
          showToast({
            kind: "error",
            title: error.message,
            description: t("uploadModal.pleaseUploadADifferent"),
            durationMs: null,
          });
        } else {
          showToast({
            kind: "error",
            title: error.message,
            durationMs: error.kind === "invalid" ? null : UPLOAD_MESSAGE_MS,
          });
        }
      } else showSystemError(error);
      onClose();
    }
  };

  const box = useRef<HTMLDivElement>(null);
  // Escape is the close button's way out, which the last stage does not offer.
  useModalFocus(box, stage === "finalize" ? undefined : close);

  return (
    <div className="create-modal-backdrop">
      <div
        ref={box}
        className="create-modal upload-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="upload-title"
        data-testid="upload-modal"
        data-stage={stage}
      >
        <header className="create-modal-header">
          {(stage === "trim" || stage === "finalize") && (
            <button
              type="button"
              className="create-icon-button"
              aria-label={t("uploadModal.back")}
              onClick={back}
            >
              ‹
            </button>
          )}
          <h2 id="upload-title">{t(STAGE_TITLE_KEYS[stage])}</h2>
          {stage !== "finalize" && (
            <button
              type="button"
              className="create-icon-button"
              aria-label={t("uploadModal.close")}
              onClick={close}
            >
              ×
            </button>
          )}
        </header>
        {stage === "terms" && (
          <div className="upload-terms">
            <p>{t("uploadModal.byUploadingAudioYou")}</p>
            <p>
              <a href="/legal/terms" target="_blank" rel="noreferrer">
                {t("uploadModal.termsOfService")}
              </a>
            </p>
            <button
              type="button"
              onClick={() => {
                agreeToTerms();
                recordTermsAcceptance().catch((error) =>
                  console.warn("Could not record the terms accepted", error),
                );
                setStage("source");
              }}
            >
              {t("uploadModal.agreeToTerms")}
            </button>
          </div>
        )}
        {stage === "source" && (
          <RecordStage
            onRecorded={(buffer, seconds) => {
              uploadType.current = "recording";
              toTrim(buffer, null, recordingTitle(seconds, new Date()));
            }}
            onFile={(files) => void takeFiles(files)}
            onError={(errorTitle, description) =>
              showToast({ kind: "error", title: errorTitle, description, durationMs: UPLOAD_MESSAGE_MS })
            }
          />
        )}
        {stage === "trim" && source !== null && (
          <TrimStage
            buffer={source.buffer}
            title={title}
            onTitle={setTitle}
            range={range}
            onRange={setRange}
            limits={limits}
            onStartOver={back}
            onSave={() => (purpose === "persona" ? void start() : setStage("finalize"))}
          />
        )}
        {stage === "finalize" && (
          <FinalizeStage
            choice={choice}
            onChoice={setChoice}
            onContinue={() => void start()}
            onCancel={close}
          />
        )}
        {stage === "processing" && (
          <div className="upload-processing" data-testid="upload-processing">
            <p role="status">{progress}</p>
            <button type="button" className="secondary" onClick={close}>
              {t("uploadModal.cancel")}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

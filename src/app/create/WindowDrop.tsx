import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { pickUploadFile, UPLOAD_MESSAGE_MS } from "../../shared/create/upload-trim-rules.ts";
import { modalStore, openModal } from "../shell/modal-store.ts";
import { showToast } from "../shell/toast-store.ts";
import { UPLOAD_DROP_EVENT } from "./upload/upload-files.ts";
import "./upload/upload.css";

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") === true;

/** A file dropped anywhere on the window goes to the upload modal. */
export function WindowDrop() {
  const { t } = useTranslation("create");
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth++;
      setOver(true);
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const onOver = (event: DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setOver(false);
      const files = Array.from(event.dataTransfer?.files ?? []);
      const pick = pickUploadFile(files);
      if (pick === null) return;
      if ("message" in pick) {
        showToast({ kind: "error", title: pick.message, durationMs: UPLOAD_MESSAGE_MS });
        return;
      }
      const open = modalStore.getState().modal?.kind;
      if (open === "upload" || open === "personaUpload") {
        window.dispatchEvent(new CustomEvent(UPLOAD_DROP_EVENT, { detail: [pick.file] }));
      } else openModal({ kind: "upload", file: pick.file });
    };
    window.addEventListener("dragenter", onEnter);
    window.addEventListener("dragleave", onLeave);
    window.addEventListener("dragover", onOver);
    window.addEventListener("drop", onDrop);
    return () => {
      window.removeEventListener("dragenter", onEnter);
      window.removeEventListener("dragleave", onLeave);
      window.removeEventListener("dragover", onOver);
      window.removeEventListener("drop", onDrop);
    };
  }, []);
  return over ? <div className="create-drop-overlay">{t("windowDrop.dropAudioToUpload")}</div> : null;
}

import { openDialog } from "../../ui/dialog-queue.ts";
import { i18n } from "../i18n/i18n.ts";

/** The copyright warning modal: audio or lyrics that look like someone else's work are refused. */
export function openCopyrightWarning(): void {
  openDialog({
    title: i18n.t("create:copyrightWarning.copyrightWarning"),
    body: "This looks like copyrighted material. Only upload audio and lyrics you own or exclusively control.",
    actions: [{ label: i18n.t("create:copyrightWarning.ok"), kind: "primary", run: () => undefined }],
  });
}

import { openDialog } from "../../ui/dialog-queue.ts";

/** The copyright warning modal: audio or lyrics that look like someone else's work are refused. */
export function openCopyrightWarning(): void {
  openDialog({
    title: "Copyright warning",
    body: "This looks like copyrighted material. Only upload audio and lyrics you own or exclusively control.",
    actions: [{ label: "OK", kind: "primary", run: () => undefined }],
  });
}

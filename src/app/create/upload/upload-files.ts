// Files dropped on the window while the upload modal is open reach it through this event.

/** The event an open upload modal listens to for files dropped on the window while it is open. */
export const UPLOAD_DROP_EVENT = "tunesmith:upload-drop";

import type { Clip } from "../../shared/api/clips.ts";
import { i18n } from "../i18n/i18n.ts";

/** The words a clip's status shows as in the song lists and the chat, in the shown language. */
export const clipStatusLabel = (status: Clip["status"]): string => i18n.t(`common:clipStatus.${status}`);

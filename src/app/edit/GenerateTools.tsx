// Replace section and extend: generations through the create page's own request assembly, the new
// songs joining the library and the workspace as they render.

import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { type GenerateBody, generateResponseSchema } from "../../shared/api/generate.ts";
import { infillValid } from "../../shared/create/form-validity.ts";
import { hasFeature } from "../../shared/song-menu/feature-permissions.ts";
import {
  type EditSession,
  infillActionShown,
  MIN_INFILL_SELECTION_S,
} from "../../studio/edit/edit-session.ts";
import { extendBody, replaceSectionBody } from "../../studio/edit/generation-bodies.ts";
import { apiRequest } from "../account/api-request.ts";
import { useAccount } from "../account/session-store.ts";
import { showNewClips } from "../clip-actions/new-clips.ts";
import { i18n } from "../i18n/i18n.ts";
import { showToast } from "../shell/toast-store.ts";
import { addClipsToWorkspace } from "../shell/workspaces-store.ts";
import { showEditError } from "./edit-actions.ts";
import { versionsExpected } from "./VersionsPanel.tsx";

interface ToolProps {
  readonly clip: Clip;
  readonly session: EditSession;
  readonly wid: string | null;
}

async function generate(body: GenerateBody, wid: string | null, started: string): Promise<boolean> {
  try {
    const answer = await apiRequest("/api/generate/v2/", generateResponseSchema, { method: "POST", body });
    showNewClips(answer.clips);
    versionsExpected(answer.clips.map((made) => made.id));
    await addClipsToWorkspace(
      wid,
      answer.clips.map((made) => made.id),
    );
    showToast({
      kind: "info",
      title: started,
      durationMs: 3000,
      link: { href: "/me", label: i18n.t("edit:generate.openLibrary") },
    });
    return true;
  } catch (error) {
    showEditError(i18n.t("edit:generate.refused"), error);
    return false;
  }
}

const context = (session: EditSession) => ({
  editSessionId: session.editSessionId,
  pathname: window.location.pathname,
});

function LyricsField({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
}) {
  return (
    <label className="edit-lyrics-field">
      <span>{label}</span>
      <textarea rows={4} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

export function ReplaceSectionTool({ clip, session, wid }: ToolProps) {
  const { t } = useTranslation("edit");
  const account = useAccount((state) => state.session);
  const [lyrics, setLyrics] = useState("");
  const [busy, setBusy] = useState(false);
  const range = session.selectionRange;
  if (!infillActionShown(range) || range === null)
    return <p className="edit-dim">{t("generate.selectAtLeast", { seconds: MIN_INFILL_SELECTION_S })}</p>;
  const valid =
    account !== null &&
    infillValid({
      continueClipId: clip.id,
      infillFromSeconds: range.start,
      infillToSeconds: range.end,
      task: "infill",
      editModeIntroFlag: account.flags["edit-mode-intro"] === true,
      hasEditMode: hasFeature(account, "EditMode"),
    });
  return (
    <>
      <LyricsField label={t("generate.sectionLyrics")} value={lyrics} onChange={setLyrics} />
      <button
        type="button"
        className="primary"
        disabled={!valid || busy}
        onClick={async () => {
          setBusy(true);
          const body = replaceSectionBody(clip, range, lyrics, context(session));
          if (await generate(body, wid, t("generate.replacing"))) setLyrics("");
          setBusy(false);
        }}
      >
        {t("generate.replaceSection")}
      </button>
    </>
  );
}

export function ExtendTool({ clip, session, wid }: ToolProps) {
  const { t } = useTranslation("edit");
  const [lyrics, setLyrics] = useState("");
  const [busy, setBusy] = useState(false);
  const end = clip.metadata.duration ?? 0;
  return (
    <>
      <LyricsField label={t("generate.extensionLyrics")} value={lyrics} onChange={setLyrics} />
      <button
        type="button"
        className="primary"
        disabled={busy || end <= 0}
        onClick={async () => {
          setBusy(true);
          if (await generate(extendBody(clip, end, lyrics, context(session)), wid, t("generate.extending")))
            setLyrics("");
          setBusy(false);
        }}
      >
        {t("generate.extendFrom", { seconds: end.toFixed(1) })}
      </button>
    </>
  );
}

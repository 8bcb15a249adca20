// Share: the owner marks the project shared with its song's workspace (its members then open it and
// edit it live; anyone else signed in may open it read-only and duplicate it), and everyone sees who
// is editing here live.

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { NO_PEOPLE } from "../../live/live-binding.ts";
import { createStudioApi, StudioApiError } from "../../persistence/index.ts";
import { useSession } from "../studio-context.ts";

/** Who else is editing live here, with their colours. */
function LivePeople() {
  const { t } = useTranslation("studio");
  const session = useSession();
  const binding = useStore(session.live);
  const people = useStore(binding?.people ?? NO_PEOPLE);
  if (binding === null) return <p className="share-note">{t("share.liveOff")}</p>;
  if (people.length === 0) return <p className="share-note">{t("share.nobody")}</p>;
  return (
    <ul className="share-people" aria-label={t("share.editingNow")}>
      {people.map((person) => (
        <li
          key={person.clientId}
          className="share-person"
          data-testid="share-person"
          style={{ "--person-color": person.user.color } as React.CSSProperties}
        >
          <span className="live-person-dot" aria-hidden="true" />
          {person.user.handle}
        </li>
      ))}
    </ul>
  );
}

export function SharePanel() {
  const { t } = useTranslation("studio");
  const session = useSession();
  const sharing = useStore(session.sharing);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const projectId = session.projectId;
  if (sharing === null || projectId === null) {
    return <p className="share-note">{t("share.notSaved")}</p>;
  }

  const toggle = async (isShared: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await createStudioApi().shareProject(projectId, isShared);
      session.sharing.setState({ ...sharing, isShared: answer.is_shared }, true);
    } catch (failure) {
      setError(failure instanceof StudioApiError ? failure.message : t("share.unknownError"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="share-panel" data-testid="share-panel">
      {sharing.isOwner ? (
        <fieldset className="field-group">
          <legend>{t("share.workspace")}</legend>
          <label className="check">
            <input
              type="checkbox"
              role="switch"
              aria-checked={sharing.isShared}
              checked={sharing.isShared}
              disabled={busy}
              onChange={(event) => void toggle(event.target.checked)}
            />
            {t("share.shareWithWorkspace")}
          </label>
          <p className="share-note">{sharing.isShared ? t("share.sharedNote") : t("share.onlyYou")}</p>
          {error !== null && (
            <p className="share-error" role="alert">
              {error}
            </p>
          )}
        </fieldset>
      ) : (
        <p className="share-note">{sharing.liveMember ? t("share.memberNote") : t("share.readOnlyNote")}</p>
      )}
      <fieldset className="field-group">
        <legend>{t("share.hereNow")}</legend>
        <LivePeople />
      </fieldset>
    </div>
  );
}

// Share: the owner marks the project shared with its song's workspace (its members then open it and
// edit it live; anyone else signed in may open it read-only and duplicate it), and everyone sees who
// is editing here live.

import { useState } from "react";
import { useStore } from "zustand";
import { NO_PEOPLE } from "../../live/live-binding.ts";
import { createStudioApi, StudioApiError } from "../../persistence/index.ts";
import { useSession } from "../studio-context.ts";

const UNKNOWN_ERROR = "Unknown error occurred";

/** Who else is editing live here, with their colours. */
function LivePeople() {
  const session = useSession();
  const binding = useStore(session.live);
  const people = useStore(binding?.people ?? NO_PEOPLE);
  if (binding === null) return <p className="share-note">Live editing is not on for this page.</p>;
  if (people.length === 0) return <p className="share-note">No one else is here yet.</p>;
  return (
    <ul className="share-people" aria-label="Editing live now">
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
  const session = useSession();
  const sharing = useStore(session.sharing);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const projectId = session.projectId;
  if (sharing === null || projectId === null) {
    return (
      <p className="share-note">Open a saved project to share it: this one is kept in this browser only.</p>
    );
  }

  const toggle = async (isShared: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await createStudioApi().shareProject(projectId, isShared);
      session.sharing.setState({ ...sharing, isShared: answer.is_shared }, true);
    } catch (failure) {
      setError(failure instanceof StudioApiError ? failure.message : UNKNOWN_ERROR);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="share-panel" data-testid="share-panel">
      {sharing.isOwner ? (
        <fieldset className="field-group">
          <legend>Workspace</legend>
          <label className="check">
            <input
              type="checkbox"
              role="switch"
              aria-checked={sharing.isShared}
              checked={sharing.isShared}
              disabled={busy}
              onChange={(event) => void toggle(event.target.checked)}
            />
            Share with the workspace
          </label>
          <p className="share-note">
            {sharing.isShared
              ? "Members of this song's shared workspace open this project and edit it with you live. Anyone else signed in may open it read-only and duplicate it."
              : "Only you can open this project."}
          </p>
          {error !== null && (
            <p className="share-error" role="alert">
              {error}
            </p>
          )}
        </fieldset>
      ) : (
        <p className="share-note">
          {sharing.liveMember
            ? "Shared with its workspace by its owner: your edits reach everyone here live and are saved for all."
            : "Shared by its owner: read-only here. Duplicate it to make it your own."}
        </p>
      )}
      <fieldset className="field-group">
        <legend>Here now</legend>
        <LivePeople />
      </fieldset>
    </div>
  );
}

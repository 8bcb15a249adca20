import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Invite } from "../../shared/api/workspace-collaboration.ts";
import {
  answerInvite,
  fetchInvites,
  showCollaborationError,
  showCollaborationInfo,
} from "../shell/workspace-collaboration-api.ts";
import { loadWorkspaces } from "../shell/workspaces-store.ts";
import "./collaboration.css";

/**
 * Invites to others' workspaces, under the workspace switcher, each with Accept and Decline; an
 * accepted workspace joins the switcher's list. Shows nothing when there are none.
 */
export function WorkspaceInvites() {
  const { t } = useTranslation("create");
  const [invites, setInvites] = useState<readonly Invite[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const load = () =>
      fetchInvites()
        .then((found) => current && setInvites(found))
        // Loading invites is only logged: the list stays as it was.
        .catch((error: unknown) => console.warn("Could not load the workspace invites", error));
    void load();
    window.addEventListener("focus", load);
    return () => {
      current = false;
      window.removeEventListener("focus", load);
    };
  }, []);

  const answer = async (invite: Invite, status: "accepted" | "declined") => {
    setBusy(invite.id);
    try {
      await answerInvite(invite.id, status);
      setInvites((list) => list.filter((item) => item.id !== invite.id));
      if (status === "accepted") {
        await loadWorkspaces();
        showCollaborationInfo(`You joined ${invite.project_name}`);
      } else showCollaborationInfo(`Invite to ${invite.project_name} declined`);
    } catch (error) {
      showCollaborationError(error);
    } finally {
      setBusy(null);
    }
  };

  if (invites.length === 0) return null;
  return (
    <section
      className="workspace-invites"
      aria-label={t("workspaceInvites.workspaceInvites")}
      data-testid="workspace-invites"
    >
      <h3>{t("workspaceInvites.workspaceInvites")}</h3>
      <ul>
        {invites.map((invite) => (
          <li key={invite.id} data-testid="workspace-invite">
            <span>
              @{invite.invited_by.handle} {t("workspaceInvites.invitedYouTo")}{" "}
              <strong>{invite.project_name}</strong>
            </span>
            <button
              type="button"
              className="create-small-button"
              disabled={busy !== null}
              onClick={() => void answer(invite, "accepted")}
            >
              {t("workspaceInvites.accept")}
            </button>
            <button
              type="button"
              className="create-small-button"
              disabled={busy !== null}
              onClick={() => void answer(invite, "declined")}
            >
              {t("workspaceInvites.decline")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

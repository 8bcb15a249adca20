import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CollaboratorsResponse } from "../../shared/api/workspace-collaboration.ts";
import type { WorkspaceSummary } from "../../shared/api/workspaces.ts";
import {
  fetchCollaborators,
  findUserByHandle,
  inviteUser,
  leaveSharedWorkspace,
  removeCollaborator,
  showCollaborationError,
  showCollaborationInfo,
} from "../shell/workspace-collaboration-api.ts";
import { loadWorkspaces } from "../shell/workspaces-store.ts";
import { leaveToDefault } from "./shared-workspace-updates.ts";
import "./collaboration.css";

/** How long typing rests before the handle is looked up. */
const LOOKUP_DELAY_MS = 300;

type Lookup =
  | { readonly state: "idle" | "looking" | "missing" | "self" }
  | { readonly state: "found"; readonly id: string; readonly handle: string };

/**
 * The workspace's Share dialog: for its owner, invite by handle (looked up as it is typed) and the
 * collaborators and open invites, each with Remove; for a collaborator, the members and Leave.
 */
export function ShareWorkspaceDialog({
  workspace,
  userId,
  onClose,
}: {
  readonly workspace: WorkspaceSummary;
  readonly userId: string;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation("create");
  const dialog = useRef<HTMLDialogElement>(null);
  const isOwner = workspace.owner.user_id === userId;
  const [members, setMembers] = useState<CollaboratorsResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [handle, setHandle] = useState("");
  const [lookup, setLookup] = useState<Lookup>({ state: "idle" });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const refresh = useCallback(async () => {
    try {
      setMembers(await fetchCollaborators(workspace.id));
      setFailed(false);
    } catch (error) {
      // Loading collaborators is only logged; the dialog says the list is missing.
      console.warn("Could not load the collaborators", error);
      setFailed(true);
    }
  }, [workspace.id]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    const wanted = handle.trim().replace(/^@/, "");
    if (wanted === "") return setLookup({ state: "idle" });
    setLookup({ state: "looking" });
    let current = true;
    const timer = setTimeout(() => {
      findUserByHandle(wanted)
        .then((found) => {
          if (!current) return;
          if (found === null) setLookup({ state: "missing" });
          else if (found.id === userId) setLookup({ state: "self" });
          else setLookup({ state: "found", ...found });
        })
        .catch((error: unknown) => {
          console.warn("Could not look the handle up", error);
          if (current) setLookup({ state: "missing" });
        });
    }, LOOKUP_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [handle, userId]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showCollaborationError(error);
    } finally {
      setBusy(false);
    }
  };

  const invite = () =>
    run(async () => {
      if (lookup.state !== "found") return;
      await inviteUser(workspace.id, lookup.id);
      showCollaborationInfo(`Invite sent to @${lookup.handle}`);
      setHandle("");
      await refresh();
    });

  const remove = (memberId: string, memberHandle: string, invited: boolean) =>
    run(async () => {
      await removeCollaborator(workspace.id, memberId);
      showCollaborationInfo(invited ? `Invite to @${memberHandle} withdrawn` : `Removed @${memberHandle}`);
      await refresh();
      await loadWorkspaces();
    });

  const leave = () =>
    run(async () => {
      await leaveSharedWorkspace(workspace.id);
      dialog.current?.close();
      leaveToDefault(userId, workspace.id, `You left ${workspace.name}`);
    });

  const title = isOwner ? `Share ${workspace.name}` : `Collaborators of ${workspace.name}`;
  return (
    <dialog ref={dialog} className="collab-dialog" aria-label={title} onClose={onClose}>
      <header className="collab-dialog-head">
        <h2>{title}</h2>
        <button type="button" className="create-small-button" onClick={() => dialog.current?.close()}>
          {t("shareWorkspaceDialog.close")}
        </button>
      </header>
      {isOwner && (
        <form
          className="share-workspace-invite"
          onSubmit={(event) => {
            event.preventDefault();
            void invite();
          }}
        >
          <label>
            <span>{t("shareWorkspaceDialog.inviteByHandle")}</span>
            <input
              aria-label={t("shareWorkspaceDialog.inviteByHandle")}
              placeholder={t("shareWorkspaceDialog.handle")}
              value={handle}
              maxLength={31}
              onChange={(event) => setHandle(event.target.value)}
            />
          </label>
          <button type="submit" disabled={busy || lookup.state !== "found"}>
            {t("shareWorkspaceDialog.invite")}
          </button>
          <p className="share-workspace-lookup" aria-live="polite" data-testid="handle-lookup">
            {lookup.state === "looking" && t("shareWorkspaceDialog.lookingUp")}
            {lookup.state === "found" && t("shareWorkspaceDialog.canBeInvited", { handle: lookup.handle })}
            {lookup.state === "missing" && t("shareWorkspaceDialog.noOneHasThis")}
            {lookup.state === "self" && t("shareWorkspaceDialog.thatIsYouInvite")}
          </p>
        </form>
      )}
      {failed && (
        <p className="error" role="alert">
          {t("shareWorkspaceDialog.theCollaboratorsCouldNot")}
        </p>
      )}
      {members === null && !failed && <p className="page-loading">{t("shareWorkspaceDialog.loading")}</p>}
      {members !== null && (
        <ul className="share-workspace-members" data-testid="workspace-members">
          <li>
            <span>@{members.owner.handle}</span>
            <span className="share-workspace-role">{t("shareWorkspaceDialog.owner")}</span>
          </li>
          {members.collaborators.map((member) => (
            <li key={member.user_id} data-testid="workspace-member">
              <span>@{member.handle}</span>
              {isOwner ? (
                <button
                  type="button"
                  className="create-small-button"
                  disabled={busy}
                  onClick={() => void remove(member.user_id, member.handle, false)}
                >
                  {t("shareWorkspaceDialog.remove")}
                </button>
              ) : (
                <span className="share-workspace-role">
                  {member.user_id === userId
                    ? t("shareWorkspaceDialog.you")
                    : t("shareWorkspaceDialog.collaborator")}
                </span>
              )}
            </li>
          ))}
          {members.pending_invites.map((pending) => (
            <li key={pending.id} data-testid="workspace-invited">
              <span>@{pending.invited_user.handle}</span>
              <span className="share-workspace-role">{t("shareWorkspaceDialog.invited")}</span>
              <button
                type="button"
                className="create-small-button"
                disabled={busy}
                onClick={() => void remove(pending.invited_user.user_id, pending.invited_user.handle, true)}
              >
                {t("shareWorkspaceDialog.withdraw")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {members !== null &&
        isOwner &&
        members.collaborators.length === 0 &&
        members.pending_invites.length === 0 && (
          <p className="create-empty">{t("shareWorkspaceDialog.noCollaboratorsYetInvite")}</p>
        )}
      {!isOwner && (
        <button type="button" className="create-small-button" disabled={busy} onClick={() => void leave()}>
          {t("shareWorkspaceDialog.leaveWorkspace")}
        </button>
      )}
    </dialog>
  );
}

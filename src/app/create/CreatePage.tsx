import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { createPathFor, parseCreateQuery } from "../../shared/create/create-query.ts";
import { DialogHost } from "../../ui/DialogHost.tsx";
import { PageHeader } from "../account/PageHeader.tsx";
import { useSignedIn } from "../account/use-signed-in.ts";
import { navigate } from "../router/history-router.ts";
import { useLocation } from "../router/use-location.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { ChatPanel } from "./ChatPanel.tsx";
import { ClipList } from "./ClipList.tsx";
import { CreateForm } from "./CreateForm.tsx";
import { FirstSongHint } from "./FirstSongHint.tsx";
import { useGenerationUpdates } from "./generation-updates.ts";
import { ModalHost } from "./ModalHost.tsx";
import { useSharedWorkspaceUpdates } from "./shared-workspace-updates.ts";
import { WindowDrop } from "./WindowDrop.tsx";
import { WorkspaceInvites } from "./WorkspaceInvites.tsx";
import { WorkspaceSwitcher } from "./WorkspaceSwitcher.tsx";
import { loadWorkspaceClips } from "./workspace-clips.ts";
import { rememberedWorkspace, rememberWorkspace } from "./workspace-memory.ts";
import "./create.css";

/**
 * /create: the creation form (or, with mode=chat, a chat about one song) beside the workspace's songs
 * and its switcher, with a player bar. Signed-in only.
 */
export default function CreatePage() {
  const { t } = useTranslation("create");
  const { search } = useLocation();
  const session = useSignedIn();
  const query = parseCreateQuery(search);
  const userId = session?.user?.id ?? null;
  const [loadError, setLoadError] = useState<string | null>(null);

  // A workspace in the address is remembered; without one, the remembered one is written in.
  useEffect(() => {
    if (userId === null) return;
    if (query.wid !== null) rememberWorkspace(userId, query.wid);
    else {
      const remembered = rememberedWorkspace(userId);
      if (remembered !== null) navigate(createPathFor(search, remembered), { replace: true });
    }
  }, [userId, query.wid, search]);

  useEffect(() => {
    if (userId === null) return;
    // Without a workspace in the address the remembered one is about to be written in: load that.
    if (query.wid === null && rememberedWorkspace(userId) !== null) return;
    const load = new AbortController();
    loadWorkspaceClips(userId, query.wid, load.signal).catch((error: unknown) => {
      if (load.signal.aborted) return;
      console.warn("Could not load the workspace's songs", error);
      setLoadError("Your songs could not be loaded. Reload the page to try again.");
    });
    return () => load.abort();
  }, [userId, query.wid]);

  useGenerationUpdates(userId);
  const collabOn = session?.flags["collab-workspaces"] === true;
  useSharedWorkspaceUpdates(userId ?? "", userId === null ? null : query.wid, collabOn);

  if (session === null || userId === null) return <p className="page-loading">{t("createPage.loading")}</p>;
  return (
    <div className="create-page page">
      <PageHeader current="create" />
      <FirstSongHint userId={userId} />
      <div className="create-main">
        {query.chat ? <ChatPanel refId={query.chat.refId} wid={query.wid} /> : <CreateForm query={query} />}
        <div className="create-side">
          {loadError && (
            <p className="error" role="alert">
              {loadError}
            </p>
          )}
          <WorkspaceSwitcher userId={userId} wid={query.wid} mayShare={collabOn} />
          <WorkspaceInvites />
          <ClipList />
        </div>
      </div>
      <ModalHost />
      <WindowDrop />
      <Toasts />
      <DialogHost />
    </div>
  );
}

import { useState } from "react";
import { PageHeader } from "../account/PageHeader.tsx";
import { useSignedIn } from "../account/use-signed-in.ts";
import { NotFoundPage } from "../NotFoundPage.tsx";
import { Toasts } from "../shell/Toasts.tsx";
import { ModerationPanel } from "./ModerationPanel.tsx";
import {
  AnnouncementsPanel,
  AuditPanel,
  FlagsPanel,
  HealthPanel,
  JobsPanel,
  UpgradesPanel,
} from "./OperationsPanels.tsx";
import { UsersPanel } from "./UsersPanel.tsx";
import "../create/create.css";
import "../pages/account-page/account-page.css";
import "./admin.css";

const TABS = {
  users: { label: "Users", panel: UsersPanel },
  moderation: { label: "Moderation", panel: ModerationPanel },
  upgrades: { label: "Upgrades and codes", panel: UpgradesPanel },
  flags: { label: "Feature flags", panel: FlagsPanel },
  announcements: { label: "Announcements", panel: AnnouncementsPanel },
  jobs: { label: "Generation jobs", panel: JobsPanel },
  health: { label: "Health", panel: HealthPanel },
  audit: { label: "Audit log", panel: AuditPanel },
} as const;
type Tab = keyof typeof TABS;

/** /admin, the staff console; anyone else sees the page-not-found page (the server answers 404 too). */
export default function AdminPage() {
  const session = useSignedIn();
  const [tab, setTab] = useState<Tab>("users");
  if (session?.user == null) return <p className="page-loading">Loading...</p>;
  if (!session.isStaff) return <NotFoundPage />;
  const Panel = TABS[tab].panel;
  return (
    <main className="page admin-page">
      <PageHeader />
      <h1>Staff console</h1>
      <div className="admin-tabs" role="tablist" aria-label="Console sections">
        {(Object.keys(TABS) as Tab[]).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={tab === name ? "" : "secondary-button"}
            onClick={() => setTab(name)}
          >
            {TABS[name].label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={TABS[tab].label} className="admin-panel">
        <Panel />
      </div>
      <Toasts />
    </main>
  );
}

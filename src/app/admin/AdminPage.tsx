import { useState } from "react";
import { useTranslation } from "react-i18next";
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

/** The console's sections; each one's name is `admin:tabs.{key}`. */
const TABS = {
  users: UsersPanel,
  moderation: ModerationPanel,
  upgrades: UpgradesPanel,
  flags: FlagsPanel,
  announcements: AnnouncementsPanel,
  jobs: JobsPanel,
  health: HealthPanel,
  audit: AuditPanel,
} as const;
type Tab = keyof typeof TABS;

/** /admin, the staff console; anyone else sees the page-not-found page (the server answers 404 too). */
export default function AdminPage() {
  // The account namespace too: the console's changes report through the account page's action runner.
  const { t } = useTranslation(["admin", "account"]);
  const session = useSignedIn();
  const [tab, setTab] = useState<Tab>("users");
  if (session?.user == null) return <p className="page-loading">{t("common:loading")}</p>;
  if (!session.isStaff) return <NotFoundPage />;
  const Panel = TABS[tab];
  return (
    <main className="page admin-page">
      <PageHeader />
      <h1>{t("title")}</h1>
      <div className="admin-tabs" role="tablist" aria-label={t("sections")}>
        {(Object.keys(TABS) as Tab[]).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={tab === name ? "" : "secondary-button"}
            onClick={() => setTab(name)}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(`tabs.${tab}`)} className="admin-panel">
        <Panel />
      </div>
      <Toasts />
    </main>
  );
}

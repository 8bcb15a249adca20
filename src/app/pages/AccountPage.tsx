import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../account/PageHeader.tsx";
import { useSignedIn } from "../account/use-signed-in.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { DeleteSection, SignInSection } from "./account-page/AccountSettings.tsx";
import { useAccountData } from "./account-page/account-data.ts";
import {
  type AccountModalName,
  CreditsSection,
  PlanSection,
  SubscriptionSection,
} from "./account-page/PlanSections.tsx";
import { BuyCreditsModal, CancelModal, UpgradeModal } from "./account-page/UpgradeModals.tsx";
import { ScriptTokens } from "./ScriptTokens.tsx";
import "../create/create.css";
import "./script-tokens.css";
import "./account-page/account-page.css";

/** `?section=` names what to open: upgrade and credits open their modal, others scroll to their section. */
const MODAL_SECTIONS: Record<string, AccountModalName> = { upgrade: "upgrade", credits: "credits" };

/**
 * The signed-in user's account page: plan and what it unlocks, subscription, credits with usage,
 * downloads and ledger, sign-in details, deleting the account, and script tokens.
 */
export default function AccountPage() {
  const { t } = useTranslation("account");
  const session = useSignedIn();
  const { data, failure, changed } = useAccountData();
  const [modal, setModal] = useState<AccountModalName | null>(null);
  const section = new URLSearchParams(window.location.search).get("section");

  const loaded = data !== null;
  useEffect(() => {
    if (!loaded || section === null) return;
    if (section in MODAL_SECTIONS) setModal(MODAL_SECTIONS[section]);
    else document.getElementById(section)?.scrollIntoView({ block: "start" });
  }, [loaded, section]);

  const close = () => setModal(null);
  return (
    <main className="page account-page">
      <PageHeader />
      <h1>{t("accountPage.account")}</h1>
      {failure && (
        <p className="error" role="alert">
          {failure}
        </p>
      )}
      {session?.user == null || data === null ? (
        failure === null && <p className="page-loading">{t("accountPage.loading")}</p>
      ) : (
        <div className="account-sections">
          <PlanSection data={data} open={setModal} changed={changed} />
          <SubscriptionSection data={data} open={setModal} changed={changed} />
          <CreditsSection data={data} open={setModal} changed={changed} />
          <SignInSection email={data.account.email} changed={changed} />
          <ScriptTokens />
          <DeleteSection />
          {modal === "upgrade" && <UpgradeModal account={data.account} onClose={close} changed={changed} />}
          {modal === "credits" && (
            <BuyCreditsModal account={data.account} onClose={close} changed={changed} />
          )}
          {modal === "cancel" && <CancelModal account={data.account} onClose={close} changed={changed} />}
        </div>
      )}
      <Toasts />
    </main>
  );
}

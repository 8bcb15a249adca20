import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { navigate } from "../router/history-router.ts";
import { Link } from "../router/Link.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { loginPathFor } from "./safe-next.ts";
import { loadSession, signOut, useAccount } from "./session-store.ts";
import "./account.css";

/** The page header's account corner: who is signed in, their credits, the language, and signing out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const session = useAccount((state) => state.session);
  const credits = useAccount((state) => state.billing?.total_credits_left ?? null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadSession();
  }, []);
  if (session === null) return <div className="account-menu" aria-busy="true" />;
  if (session.user === null) {
    return (
      <div className="account-menu">
        <LanguageSwitch />
        <Link className="button-link" href={loginPathFor(window.location.pathname + window.location.search)}>
          {t("account.signIn")}
        </Link>
      </div>
    );
  }
  return (
    <div className="account-menu" data-testid="account-menu">
      <Link className="account-handle" href="/account" title={t("account.pageLink")}>
        @{session.user.handle}
      </Link>
      <span className="account-plan">{t(`plans.${session.userPlanKey}`)}</span>
      <span className="account-credits" data-testid="account-credits">
        {credits === null ? "…" : t("account.credits", { count: credits })}
      </span>
      <LanguageSwitch />
      <button
        type="button"
        className="link-button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await signOut();
            navigate("/login");
          } finally {
            setBusy(false);
          }
        }}
      >
        {t("account.signOut")}
      </button>
    </div>
  );
}

import { useEffect, useState } from "react";
import { navigate } from "../router/history-router.ts";
import { Link } from "../router/Link.tsx";
import { loginPathFor } from "./safe-next.ts";
import { loadSession, signOut, useAccount } from "./session-store.ts";
import "./account.css";

/** The page header's account corner: who is signed in, their credits, and signing out. */
export function AccountMenu() {
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
        <Link className="button-link" href={loginPathFor(window.location.pathname + window.location.search)}>
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="account-menu" data-testid="account-menu">
      <Link className="account-handle" href="/account" title="Account and script tokens">
        @{session.user.handle}
      </Link>
      <span className="account-plan">{session.userPlanKey === "free" ? "Basic" : session.userPlanKey}</span>
      <span className="account-credits" data-testid="account-credits">
        {credits === null ? "…" : `${credits} credits`}
      </span>
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
        Sign out
      </button>
    </div>
  );
}

import { PageHeader } from "../account/PageHeader.tsx";
import { useSignedIn } from "../account/use-signed-in.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { ScriptTokens } from "./ScriptTokens.tsx";
import "../create/create.css";
import "./script-tokens.css";

/** The signed-in user's account page: for now, the tokens their scripts use. */
export default function AccountPage() {
  const session = useSignedIn();
  return (
    <main className="page account-page">
      <PageHeader />
      <h1>Account</h1>
      {session?.user == null ? <p className="page-loading">Loading...</p> : <ScriptTokens />}
      <Toasts />
    </main>
  );
}

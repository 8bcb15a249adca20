import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { loginBodySchema } from "../../shared/api/accounts.ts";
import { passwordResetAvailabilitySchema } from "../../shared/api/password-reset.ts";
import { Link } from "../router/Link.tsx";
import { useLocation } from "../router/use-location.ts";
import {
  AuthField,
  EmailField,
  FormFailure,
  SubmitButton,
  sendAuthForm,
  useLeaveWhenSignedIn,
} from "./AuthFields.tsx";
import { apiRequest } from "./api-request.ts";
import { type FieldErrors, fieldErrors } from "./field-errors.ts";
import { safeNextPath } from "./safe-next.ts";
import { signIn, useAccount } from "./session-store.ts";
import "./account.css";

/** Whether this server mails reset links; until it says, and if it cannot be asked, it does not. */
function useResetByMail(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let current = true;
    apiRequest("/api/auth/password-reset", passwordResetAvailabilitySchema).then(
      (answer) => current && setAvailable(answer.available),
      (error: unknown) => console.warn("Could not ask whether passwords can be reset by mail", error),
    );
    return () => {
      current = false;
    };
  }, []);
  return available;
}

/** /login: sign in, then back to `next` (default /create); signing up is /signup. */
export function LoginPage() {
  const { t } = useTranslation("auth");
  const { search } = useLocation();
  const next = safeNextPath(new URLSearchParams(search).get("next"));
  const signedIn = useAccount((state) => state.session?.user != null);
  // Until the server says who this is, the form stays hidden: someone already signed in goes on
  // without seeing it. A server that cannot be reached still gets the form (signing in says why).
  const known = useAccount((state) => state.session !== null || state.error !== null);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useLeaveWhenSignedIn(signedIn, next);
  const resetByMail = useResetByMail();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = loginBodySchema.safeParse({ email: email.trim(), password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await sendAuthForm(() => signIn(parsed.data), setBusy, setFailure);
  }

  if (!known || signedIn) return <p className="page-loading">{t("loading")}</p>;

  return (
    <main className="page login-page">
      <header className="page-header">
        <h1>{t("signIn.title")}</h1>
        <p>{t("signIn.welcome")}</p>
      </header>
      <form className="panel login-form" onSubmit={submit} noValidate>
        <EmailField label={t("fields.email")} value={email} onChange={setEmail} error={errors.email} />
        <AuthField
          label={t("fields.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <FormFailure failure={failure} />
        <SubmitButton busy={busy} label={t("signIn.submit")} busyLabel={t("signIn.busy")} />
        <p className="login-switch">
          {t("signIn.newHere")}{" "}
          <Link href={`/signup?next=${encodeURIComponent(next)}`}>{t("signIn.createAccount")}</Link>
        </p>
        {resetByMail ? (
          <p className="login-switch">
            <Link href="/forgot-password">{t("signIn.forgotLink")}</Link>
          </p>
        ) : (
          <p className="login-switch">{t("signIn.forgot")}</p>
        )}
      </form>
    </main>
  );
}

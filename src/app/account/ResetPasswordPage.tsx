// /reset-password?token=…: the page a reset mail links to. A new password (its strength said as it
// is typed), then signing in with it: the reset ends every session, this browser's too.

import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { WEAK_PASSWORD } from "../../shared/account/password-strength.ts";
import { passwordResetSchema } from "../../shared/api/password-reset.ts";
import { Link } from "../router/Link.tsx";
import { useLocation } from "../router/use-location.ts";
import { FormFailure, SubmitButton, sendAuthForm } from "./AuthFields.tsx";
import { apiSend } from "./api-request.ts";
import { type FieldErrors, fieldErrors } from "./field-errors.ts";
import { NewPasswordField, strengthOf } from "./NewPasswordField.tsx";
import { loadSession } from "./session-store.ts";
import "./account.css";

export default function ResetPasswordPage() {
  const { t } = useTranslation(["auth", "messages"]);
  const token = new URLSearchParams(useLocation().search).get("token") ?? "";
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = passwordResetSchema.safeParse({ token, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    if (strengthOf(password) === "weak") {
      setErrors({ password: t(WEAK_PASSWORD.key, { ...WEAK_PASSWORD.values }) });
      return;
    }
    setErrors({});
    await sendAuthForm(
      async () => {
        await apiSend("/api/auth/password-reset", { method: "POST", body: parsed.data });
        setDone(true);
        // Every session ended with the reset, this browser's too.
        await loadSession(true);
      },
      setBusy,
      setFailure,
    );
  }

  return (
    <main className="page login-page">
      <header className="page-header">
        <h1>{t("reset.title")}</h1>
      </header>
      {token === "" ? (
        <p className="panel error" role="alert">
          {t("reset.noToken")} <Link href="/forgot-password">{t("reset.askAgain")}</Link>
        </p>
      ) : done ? (
        <p className="panel" role="status" data-testid="password-reset-done">
          {t("reset.done")} <Link href="/login">{t("reset.signIn")}</Link>
        </p>
      ) : (
        <form className="panel login-form" onSubmit={submit} noValidate>
          <NewPasswordField
            label={t("reset.newPassword")}
            value={password}
            onChange={setPassword}
            error={errors.password}
          />
          <FormFailure failure={failure} />
          <SubmitButton busy={busy} label={t("reset.submit")} busyLabel={t("reset.busy")} />
          <p className="login-switch">
            <Link href="/forgot-password">{t("reset.askAgain")}</Link>
          </p>
        </form>
      )}
    </main>
  );
}

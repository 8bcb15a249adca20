// /forgot-password: asks the server to mail a reset link. The answer is the same for any email (the
// server tells no one which emails have accounts), so the page says where the link goes if any.

import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { passwordResetRequestSchema } from "../../shared/api/password-reset.ts";
import { Link } from "../router/Link.tsx";
import { EmailField, FormFailure, SubmitButton, sendAuthForm } from "./AuthFields.tsx";
import { apiSend } from "./api-request.ts";
import { type FieldErrors, fieldErrors } from "./field-errors.ts";
import "./account.css";

export default function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = passwordResetRequestSchema.safeParse({ email: email.trim() });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await sendAuthForm(
      async () => {
        await apiSend("/api/auth/password-reset/request", { method: "POST", body: parsed.data });
        setSent(true);
      },
      setBusy,
      setFailure,
    );
  }

  return (
    <main className="page login-page">
      <header className="page-header">
        <h1>{t("forgot.title")}</h1>
        <p>{t("forgot.intro")}</p>
      </header>
      {sent ? (
        <p className="panel" role="status" data-testid="reset-mail-sent">
          {t("forgot.sent", { email: email.trim() })}
        </p>
      ) : (
        <form className="panel login-form" onSubmit={submit} noValidate>
          <EmailField label={t("fields.email")} value={email} onChange={setEmail} error={errors.email} />
          <FormFailure failure={failure} />
          <SubmitButton busy={busy} label={t("forgot.submit")} busyLabel={t("forgot.busy")} />
        </form>
      )}
      <p className="login-switch">
        <Link href="/login">{t("forgot.backToSignIn")}</Link>
      </p>
    </main>
  );
}

import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { WEAK_PASSWORD } from "../../shared/account/password-strength.ts";
import { signupBodySchema } from "../../shared/api/accounts.ts";
import {
  AuthField,
  EmailField,
  FormFailure,
  SubmitButton,
  sendAuthForm,
  useLeaveWhenSignedIn,
} from "../account/AuthFields.tsx";
import { type FieldErrors, fieldErrors } from "../account/field-errors.ts";
import { NewPasswordField, strengthOf } from "../account/NewPasswordField.tsx";
import { safeNextPath } from "../account/safe-next.ts";
import { signUp, useAccount } from "../account/session-store.ts";
import { Link } from "../router/Link.tsx";
import { useLocation } from "../router/use-location.ts";
import { useHandleCheck } from "./use-handle-check.ts";
import "../account/account.css";
import "./signup.css";

/** /signup: email, handle (checked as it is typed) and password (with its strength), then `next`. */
export default function SignupPage() {
  const { t } = useTranslation(["auth", "messages"]);
  const { search } = useLocation();
  const next = safeNextPath(new URLSearchParams(search).get("next"));
  const signedIn = useAccount((state) => state.session?.user != null);
  const [email, setEmail] = useState("");
  const [handle, setHandle] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const availability = useHandleCheck(handle.trim().replace(/^@/, ""));
  const strength = strengthOf(password);

  useLeaveWhenSignedIn(signedIn, next);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = signupBodySchema.safeParse({ email: email.trim(), password, handle: handle.trim() });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    if (strength === "weak") {
      setErrors({ password: t(WEAK_PASSWORD.key, { ...WEAK_PASSWORD.values }) });
      return;
    }
    setErrors({});
    await sendAuthForm(() => signUp(parsed.data), setBusy, setFailure);
  }

  return (
    <main className="page login-page">
      <header className="page-header">
        <h1>{t("signupPage.createAnAccount")}</h1>
        <p>{t("signupPage.makeSongsAndKeep")}</p>
      </header>
      <form className="panel login-form" onSubmit={submit} noValidate>
        <EmailField label={t("signupPage.email")} value={email} onChange={setEmail} error={errors.email} />
        <AuthField
          label={t("signupPage.handle")}
          name="handle"
          autoComplete="username"
          value={handle}
          onChange={setHandle}
          error={undefined}
          invalid={errors.handle !== undefined || availability?.available === false}
          describedBy="handle-status"
        >
          <span id="handle-status" className="field-status" aria-live="polite">
            {errors.handle ? (
              <span className="field-error">{errors.handle}</span>
            ) : availability === null ? null : availability.available ? (
              <span className="field-ok">
                @{handle.trim().replace(/^@/, "")} {t("signupPage.isAvailable")}
              </span>
            ) : (
              <span className="field-error">{availability.reason}</span>
            )}
          </span>
        </AuthField>
        <NewPasswordField
          label={t("signupPage.password")}
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <p className="signup-terms">
          {t("signupPage.bySigningUpYou")} <Link href="/legal/terms">{t("signupPage.termsOfService")}</Link>{" "}
          {t("signupPage.andThe")} <Link href="/legal/privacy">{t("signupPage.privacy")}</Link>{" "}
          {t("signupPage.text")}
        </p>
        <FormFailure failure={failure} />
        <SubmitButton busy={busy} label={t("signupPage.signUp")} busyLabel={t("signupPage.creating")} />
        <p className="login-switch">
          {t("signupPage.haveAnAccount")}{" "}
          <Link href={`/login?next=${encodeURIComponent(next)}`}>{t("signupPage.signIn")}</Link>
        </p>
      </form>
    </main>
  );
}

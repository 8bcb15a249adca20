// A new password's field with its strength said as it is typed (the server's rule, so the page never
// calls a password fine that the server refuses): sign-up and the password reset page.

import { useTranslation } from "react-i18next";
import { type PasswordStrength, passwordStrength } from "../../shared/account/password-strength.ts";
import { AuthField } from "./AuthFields.tsx";

const STRENGTH_KEYS = {
  weak: "signupPage.strengthWeak",
  fair: "signupPage.strengthFair",
  strong: "signupPage.strengthStrong",
} as const;

/** The strength of what is typed; null before anything is. */
export const strengthOf = (password: string): PasswordStrength | null =>
  password === "" ? null : passwordStrength(password);

export function NewPasswordField(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error: string | undefined;
}) {
  const { t } = useTranslation("auth");
  const strength = strengthOf(props.value);
  return (
    <AuthField
      label={props.label}
      name="password"
      type="password"
      autoComplete="new-password"
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      describedBy="password-strength"
    >
      <span
        id="password-strength"
        className="password-strength"
        data-strength={strength ?? "none"}
        aria-live="polite"
      >
        {strength && (
          <>
            <span className="strength-bar" aria-hidden="true" />
            {t("signupPage.strength")} {t(STRENGTH_KEYS[strength])}
          </>
        )}
      </span>
    </AuthField>
  );
}

import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { passwordStrength } from "../../../shared/account/password-strength.ts";
import type { DeleteAccountBody } from "../../../shared/api/account.ts";
import { apiSend } from "../../account/api-request.ts";
import { loadSession } from "../../account/session-store.ts";
import { navigate } from "../../router/history-router.ts";
import { runAction } from "./run-action.ts";

/** A labelled input of these forms (anything after it, such as a hint, as children). */
function Field(props: {
  readonly label: string;
  readonly type: "email" | "password";
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly autoComplete: string;
  readonly children?: ReactNode;
}) {
  return (
    <label>
      {props.label}
      <input
        type={props.type}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
      />
      {props.children}
    </label>
  );
}

function EmailForm({ email, changed }: { readonly email: string; readonly changed: () => Promise<void> }) {
  const { t } = useTranslation("account");
  const [next, setNext] = useState(email);
  const [password, setPassword] = useState("");
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (
      await runAction(t("runAction.emailChanged"), () =>
        apiSend("/api/account/email", { method: "POST", body: { email: next, password } }),
      )
    ) {
      setPassword("");
      await changed();
    }
  }
  return (
    <form className="account-form" onSubmit={submit} aria-label={t("accountSettings.changeEmail")}>
      <Field
        label={t("accountSettings.email")}
        type="email"
        value={next}
        onChange={setNext}
        autoComplete="email"
      />
      <Field
        label={t("accountSettings.currentPassword")}
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <button type="submit" disabled={password === "" || next === email}>
        {t("accountSettings.changeEmail")}
      </button>
    </form>
  );
}

function PasswordForm() {
  const { t } = useTranslation("account");
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { current_password: current, new_password: next };
    if (
      await runAction(t("runAction.passwordChanged"), () =>
        apiSend("/api/account/password", { method: "POST", body }),
      )
    ) {
      setCurrent("");
      setNext("");
    }
  }
  return (
    <form className="account-form" onSubmit={submit} aria-label={t("accountSettings.changePassword")}>
      <Field
        label={t("accountSettings.currentPassword")}
        type="password"
        value={current}
        onChange={setCurrent}
        autoComplete="current-password"
      />
      <Field
        label={t("accountSettings.newPassword")}
        type="password"
        value={next}
        onChange={setNext}
        autoComplete="new-password"
      >
        {next !== "" && (
          <span className="account-note">
            {t("accountSettings.strength")} {passwordStrength(next)}
          </span>
        )}
      </Field>
      <button type="submit" disabled={current === "" || next === ""}>
        {t("accountSettings.changePassword")}
      </button>
    </form>
  );
}

export function SignInSection({
  email,
  changed,
}: {
  readonly email: string;
  readonly changed: () => Promise<void>;
}) {
  const { t } = useTranslation("account");
  return (
    <section className="panel account-section" id="sign-in" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">{t("accountSettings.signIn")}</h2>
      <EmailForm email={email} changed={changed} />
      <PasswordForm />
      <button
        type="button"
        className="secondary-button"
        onClick={async () => {
          if (
            await runAction(t("runAction.signedOutEverywhere"), () =>
              apiSend("/api/account/sign-out-everywhere", { method: "POST" }),
            )
          ) {
            await loadSession(true);
            navigate("/login");
          }
        }}
      >
        {t("accountSettings.signOutEverywhere")}
      </button>
    </section>
  );
}

export function DeleteSection() {
  const { t } = useTranslation("account");
  const [songs, setSongs] = useState<DeleteAccountBody["songs"]>("remove");
  const [personas, setPersonas] = useState<DeleteAccountBody["personas"]>("remove");
  const [password, setPassword] = useState("");
  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: DeleteAccountBody = { password, songs, personas };
    if (
      await runAction(t("runAction.accountDeleted"), () =>
        apiSend("/api/account/delete", { method: "POST", body }),
      )
    ) {
      await loadSession(true);
      navigate("/");
    }
  }
  const choice = (name: string, value: string, set: (value: "remove" | "keep_anonymised") => void) => (
    <fieldset>
      <legend>{name}</legend>
      <label>
        <input type="radio" checked={value === "remove"} onChange={() => set("remove")} />{" "}
        {t("accountSettings.removeThem")}
      </label>
      <label>
        <input type="radio" checked={value === "keep_anonymised"} onChange={() => set("keep_anonymised")} />{" "}
        {t("accountSettings.keepThePublicOnes")}
      </label>
    </fieldset>
  );
  return (
    <section className="panel account-section danger-zone" id="delete" aria-labelledby="delete-title">
      <h2 id="delete-title">{t("accountSettings.deleteAccount")}</h2>
      <form className="account-form" onSubmit={submit}>
        {choice("Your songs", songs, setSongs)}
        {choice("Your personas", personas, setPersonas)}
        <Field
          label={t("accountSettings.password")}
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        <button type="submit" className="danger-button" disabled={password === ""}>
          {t("accountSettings.deleteMyAccount")}
        </button>
      </form>
    </section>
  );
}

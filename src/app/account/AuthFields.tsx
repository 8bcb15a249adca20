import { type ReactNode, useEffect } from "react";
import { i18n } from "../i18n/i18n.ts";
import { navigate } from "../router/history-router.ts";
import { ApiError } from "./api-request.ts";
import { loadSession } from "./session-store.ts";

/** The sign-in and sign-up pages: the session loaded once, and left for `next` once signed in. */
export function useLeaveWhenSignedIn(signedIn: boolean, next: string): void {
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    if (signedIn) navigate(next, { replace: true });
  }, [signedIn, next]);
}

/** A labelled input of the sign-in and sign-up forms, with its error (and anything else) below it. */
export function AuthField(props: {
  readonly label: string;
  readonly name: "email" | "password" | "handle";
  readonly type?: "email" | "password";
  readonly autoComplete: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error: string | undefined;
  readonly invalid?: boolean;
  readonly describedBy?: string;
  readonly children?: ReactNode;
}) {
  return (
    <label>
      {props.label}
      <input
        type={props.type}
        name={props.name}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error !== undefined || props.invalid === true}
        aria-describedby={props.describedBy}
      />
      {props.children}
      {props.error && <span className="field-error">{props.error}</span>}
    </label>
  );
}

/** The email field of the sign-in, sign-up and forgot-password forms. */
export function EmailField(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error: string | undefined;
}) {
  return <AuthField {...props} name="email" type="email" autoComplete="email" />;
}

/** A form's submit button, saying it is at work while the request runs. */
export function SubmitButton(props: {
  readonly busy: boolean;
  readonly label: string;
  readonly busyLabel: string;
}) {
  return (
    <button type="submit" disabled={props.busy}>
      {props.busy ? props.busyLabel : props.label}
    </button>
  );
}

/** Why the form's request failed, announced. */
export function FormFailure({ failure }: { readonly failure: string | null }) {
  return failure ? (
    <p className="error" role="alert">
      {failure}
    </p>
  ) : null;
}

/** Sends a checked form: busy while it runs, and the server's refusal (or the network's) as the failure. */
export async function sendAuthForm(
  work: () => Promise<void>,
  setBusy: (busy: boolean) => void,
  setFailure: (failure: string | null) => void,
): Promise<void> {
  setBusy(true);
  try {
    await work();
  } catch (error) {
    setFailure(error instanceof ApiError ? error.detail : i18n.t("unreachable"));
  } finally {
    setBusy(false);
  }
}

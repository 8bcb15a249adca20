import { type FormEvent, useEffect, useState } from "react";
import type { z } from "zod";
import { loginBodySchema, signupBodySchema } from "../../shared/api/accounts.ts";
import { navigate } from "../router/history-router.ts";
import { useLocation } from "../router/use-location.ts";
import { ApiError } from "./api-request.ts";
import { safeNextPath } from "./safe-next.ts";
import { loadSession, signIn, signUp, useAccount } from "./session-store.ts";
import "./account.css";

type Mode = "signin" | "signup";
type FieldErrors = Partial<Record<"email" | "password" | "handle", string>>;

/** The first message per field, so each input shows what is wrong with it. */
function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === "email" || field === "password" || field === "handle") && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/** /login: sign in or sign up, then back to `next` (default /create). */
export function LoginPage() {
  const { search } = useLocation();
  const next = safeNextPath(new URLSearchParams(search).get("next"));
  const signedIn = useAccount((state) => state.session?.user != null);
  // Until the server says who this is, the form stays hidden: someone already signed in goes on
  // without seeing it. A server that cannot be reached still gets the form (signing in says why).
  const known = useAccount((state) => state.session !== null || state.error !== null);
  const [mode, setMode] = useState<Mode>("signin");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [handle, setHandle] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadSession();
  }, []);

  useEffect(() => {
    if (signedIn) navigate(next, { replace: true });
  }, [signedIn, next]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const send = (() => {
      if (mode === "signin") {
        const parsed = loginBodySchema.safeParse({ email: email.trim(), password });
        return parsed.success ? () => signIn(parsed.data) : parsed.error;
      }
      const parsed = signupBodySchema.safeParse({ email: email.trim(), password, handle: handle.trim() });
      return parsed.success ? () => signUp(parsed.data) : parsed.error;
    })();
    if (typeof send !== "function") {
      setErrors(fieldErrors(send));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await send();
    } catch (error) {
      setFailure(
        error instanceof ApiError
          ? error.detail
          : "Could not reach the server. Check your connection and try again.",
      );
    } finally {
      setBusy(false);
    }
  }

  const switchTo = (target: Mode) => {
    setMode(target);
    setErrors({});
    setFailure(null);
  };

  if (!known || signedIn) return <p className="page-loading">Loading...</p>;

  return (
    <main className="page login-page">
      <header className="page-header">
        <h1>{mode === "signin" ? "Sign in" : "Create an account"}</h1>
        <p>
          {mode === "signin" ? "Welcome back to Tunesmith." : "Make songs and keep them in your library."}
        </p>
      </header>
      <form className="panel login-form" onSubmit={submit} noValidate>
        <label>
          Email
          <input
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={errors.email !== undefined}
          />
          {errors.email && <span className="field-error">{errors.email}</span>}
        </label>
        {mode === "signup" && (
          <label>
            Handle
            <input
              name="handle"
              autoComplete="username"
              value={handle}
              onChange={(event) => setHandle(event.target.value)}
              aria-invalid={errors.handle !== undefined}
            />
            {errors.handle && <span className="field-error">{errors.handle}</span>}
          </label>
        )}
        <label>
          Password
          <input
            type="password"
            name="password"
            autoComplete={mode === "signin" ? "current-password" : "new-password"}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={errors.password !== undefined}
          />
          {errors.password && <span className="field-error">{errors.password}</span>}
        </label>
        {failure && (
          <p className="error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {mode === "signin" ? (busy ? "Signing in..." : "Sign in") : busy ? "Creating..." : "Sign up"}
        </button>
        <p className="login-switch">
          {mode === "signin" ? (
            <>
              New here?{" "}
              <button type="button" className="link-button" onClick={() => switchTo("signup")}>
                Create an account
              </button>
            </>
          ) : (
            <>
              Have an account?{" "}
              <button type="button" className="link-button" onClick={() => switchTo("signin")}>
                Sign in
              </button>
            </>
          )}
        </p>
      </form>
    </main>
  );
}

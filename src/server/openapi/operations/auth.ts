import { loginBodySchema, signupBodySchema } from "../../../shared/api/accounts.ts";
import { passwordResetRequestSchema, passwordResetSchema } from "../../../shared/api/password-reset.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/auth.ts. */
export const authOperations: OperationGroup = {
  tag: "Auth",
  operations: [
    {
      method: "POST",
      path: "/api/auth/signup",
      summary: "Sign up (answers a session token)",
      body: signupBodySchema,
    },
    {
      method: "POST",
      path: "/api/auth/login",
      summary: "Sign in (answers a session token; also sets the cookie)",
      body: loginBodySchema,
    },
    { method: "POST", path: "/api/auth/logout", summary: "Sign out" },
    {
      method: "GET",
      path: "/api/auth/password-reset",
      summary: "Whether this server mails password reset links (mail set up by its operator)",
    },
    {
      method: "POST",
      path: "/api/auth/password-reset/request",
      summary:
        "Mail a reset link to the account with this email, if any (204 either way; 404 when the server sends no mail)",
      body: passwordResetRequestSchema,
    },
    {
      method: "POST",
      path: "/api/auth/password-reset",
      summary:
        "Set a new password with a mailed token (once, within the hour); signs the account out everywhere",
      body: passwordResetSchema,
    },
    { method: "GET", path: "/api/session", summary: "Who is signed in" },
  ],
};

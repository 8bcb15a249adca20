import { loginBodySchema, signupBodySchema } from "../../../shared/api/accounts.ts";
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
    { method: "GET", path: "/api/session", summary: "Who is signed in" },
  ],
};

import { loginBodySchema, signupBodySchema } from "../../../shared/api/accounts.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/auth.ts. */
export const authOperations: OperationGroup = {
  tag: "Auth",
  operations: [
    { method: "POST", path: "/api/auth/signup", summary: "Auth signup", body: signupBodySchema },
    { method: "POST", path: "/api/auth/login", summary: "Auth login", body: loginBodySchema },
    { method: "POST", path: "/api/auth/logout", summary: "Auth logout" },
    { method: "GET", path: "/api/session", summary: "Session" },
  ],
};

import {
  acceptTermsBodySchema,
  accountViewSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  handleAvailabilityQuerySchema,
  handleAvailabilitySchema,
  legalDocumentSchema,
  redeemBodySchema,
  upgradeRequestBodySchema,
  upgradeRequestSchema,
} from "../../../shared/api/account.ts";
import { languageBodySchema } from "../../../shared/i18n/languages.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/account.ts, routes/legal.ts and the pages' texts (pages/locales.ts). */
export const accountOperations: OperationGroup = {
  tag: "Account",
  operations: [
    {
      method: "GET",
      path: "/api/account",
      summary: "Your plan, credits and ledger, subscription and waiting upgrade request",
      response: accountViewSchema,
    },
    {
      method: "POST",
      path: "/api/account/upgrade-requests",
      summary: "Ask staff for a plan or credits (UPGRADE_METHOD=request)",
      body: upgradeRequestBodySchema,
      response: upgradeRequestSchema,
    },
    {
      method: "DELETE",
      path: "/api/account/upgrade-requests",
      summary: "Withdraw your waiting upgrade request",
      produces: "(empty, 204)",
    },
    {
      method: "POST",
      path: "/api/account/redeem",
      summary: "Redeem an upgrade code: a plan, credits or both (once, before it expires)",
      body: redeemBodySchema,
    },
    {
      method: "POST",
      path: "/api/account/subscription/cancel",
      summary: "Cancel your plan at the end of the billing period",
    },
    {
      method: "POST",
      path: "/api/account/subscription/resume",
      summary: "Keep a plan you cancelled",
      produces: "(empty, 204)",
    },
    {
      method: "POST",
      path: "/api/account/email",
      summary: "Change your email (with your password)",
      body: changeEmailBodySchema,
      produces: "(empty, 204)",
    },
    {
      method: "POST",
      path: "/api/account/password",
      summary: "Change your password: your other sessions end",
      body: changePasswordBodySchema,
      produces: "(empty, 204)",
    },
    {
      method: "POST",
      path: "/api/account/sign-out-everywhere",
      summary: "End every session of your account, this one too",
      produces: "(empty, 204)",
    },
    {
      method: "POST",
      path: "/api/account/delete",
      summary: "Delete your account, removing songs and personas or keeping the public ones anonymised",
      body: deleteAccountBodySchema,
      produces: "(empty, 204)",
    },
    {
      method: "GET",
      path: "/api/auth/handle-available",
      summary: "Whether a handle can be signed up with",
      query: handleAvailabilityQuerySchema,
      response: handleAvailabilitySchema,
    },
    {
      method: "GET",
      path: "/api/legal/:document",
      summary: "The terms of service or the privacy text (Markdown) and its version",
      response: legalDocumentSchema,
    },
    {
      method: "POST",
      path: "/api/legal/terms/accept",
      summary: "Record that you accepted this version of the terms",
      body: acceptTermsBodySchema,
    },
    {
      method: "POST",
      path: "/api/account/language",
      summary: "Choose the pages' language (en or es); kept on your account",
      body: languageBodySchema,
      produces: "(empty, 204)",
    },
    {
      method: "GET",
      path: "/locales/:language/:file",
      summary: "The pages' texts of one namespace in one language (cached a year with ?v=)",
      produces: "application/json (keys to texts)",
    },
  ],
};

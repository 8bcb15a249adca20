import { z } from "zod";

/** What a script token may do: read (GET and the read-only searches) or everything its owner may. */
export const API_TOKEN_SCOPES = ["read", "write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every script token starts so: the server tells them from session tokens, people and scanners from other secrets. */
export const API_TOKEN_PREFIX = "tsk_";

export const API_TOKEN_NAME_MAX = 60;
/** Tokens one account may hold at once (revoked ones not counted). */
export const API_TOKENS_MAX = 20;

export const createApiTokenBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the token")
    .max(API_TOKEN_NAME_MAX, `A token's name is at most ${API_TOKEN_NAME_MAX} characters`),
  scope: z.enum(API_TOKEN_SCOPES, "The scope is read or write"),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBodySchema>;

export const apiTokenIdParamsSchema = z.object({ token_id: z.uuid("Token ids are UUIDs") });

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  created_at: z.string(),
  /** null until the token is first used. */
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** A new token: the secret is in this answer only, never again. */
export const createdApiTokenSchema = z.object({ token: z.string(), api_token: apiTokenSchema });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** The 401 for a script token that was revoked (or never existed): said, never served as anonymous. */
export const API_TOKEN_INVALID =
  "This token was revoked or does not exist: make a new one on your account page";
/** The 403 for a write with a read token. */
export const API_TOKEN_READ_ONLY = "This token can only read: make a write token on your account page";
/** The 403 for managing tokens with a script token. */
export const API_TOKEN_CANNOT_MANAGE =
  "Script tokens cannot make or revoke tokens: sign in on the account page";

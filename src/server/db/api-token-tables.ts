import type { Generated } from "kysely";
import type { ApiTokenScope } from "../../shared/api/api-tokens.ts";
import type { Timestamp } from "./column-types.ts";

/** A script token (0070): its owner, name and scope; only the token's SHA-256 is kept. */
export interface ApiTokensTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  scope: ApiTokenScope;
  token_hash: string;
  /** Written by its default. */
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** A secret the server signs with (0145), base64url; made once, shared by every instance. */
export interface ServerSecretsTable {
  name: string;
  secret: string;
  /** Written by its default. */
  created_at: Timestamp;
}

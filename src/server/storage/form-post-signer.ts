import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Where the page form-posts files when the store is local disk. */
export const LOCAL_FORM_POST_URL = "/api/storage/upload";

export const POLICY_FIELD = "policy";
export const SIGNATURE_FIELD = "x-tunesmith-signature";

/** What a signed form post may store: one key, a size range, until a deadline. */
export interface FormPostPolicy {
  readonly key: string;
  readonly minBytes: number;
  readonly maxBytes: number;
  /** Unix milliseconds. */
  readonly expiresAt: number;
}

/** A form post whose fields are missing, altered or out of date: answered 403 with this detail. */
export class FormPostRefused extends Error {}

/**
 * Signs and checks the fields of form posts to our own storage endpoint, the
 * way S3 checks a presigned POST: the policy (key, size range, expiry) is
 * signed with a server secret, so the page can send a file without a session
 * and cannot choose where it goes or how large it may be.
 */
export class FormPostSigner {
  constructor(private readonly secret: Buffer) {
    if (secret.length < 32) throw new Error("A form post secret needs at least 32 bytes");
  }

  sign(policy: FormPostPolicy): Record<string, string> {
    const encoded = Buffer.from(
      JSON.stringify({
        key: policy.key,
        min_bytes: policy.minBytes,
        max_bytes: policy.maxBytes,
        expires_at: policy.expiresAt,
      }),
    ).toString("base64url");
    return { key: policy.key, [POLICY_FIELD]: encoded, [SIGNATURE_FIELD]: this.mac(encoded) };
  }

  /** The policy the fields carry, if they are genuine, unexpired and name the key they were signed for. */
  verify(fields: Readonly<Record<string, string | undefined>>, now = Date.now()): FormPostPolicy {
    const key = fields.key;
    const encoded = fields[POLICY_FIELD];
    const signature = fields[SIGNATURE_FIELD];
    if (!key || !encoded || !signature) {
      throw new FormPostRefused("The upload form is missing its signed fields");
    }
    const expected = Buffer.from(this.mac(encoded));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new FormPostRefused("The upload form's signature does not match");
    }
    const policy = parsePolicy(encoded);
    if (policy.key !== key) throw new FormPostRefused("The upload form's key does not match its policy");
    if (policy.expiresAt <= now)
      throw new FormPostRefused("The upload form has expired: start the upload again");
    return policy;
  }

  private mac(encodedPolicy: string): string {
    return createHmac("sha256", this.secret).update(encodedPolicy).digest("base64url");
  }
}

function parsePolicy(encoded: string): FormPostPolicy {
  // Only ever reached for a policy we signed ourselves.
  const raw = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
  return { key: raw.key, minBytes: raw.min_bytes, maxBytes: raw.max_bytes, expiresAt: raw.expires_at };
}

const SECRET_FILE = "storage-secret";

/**
 * The secret behind form-post signatures, kept in DATA_DIR (readable only by
 * the server's user) so that upload forms handed out survive a restart.
 */
export function storageSecretIn(dataDir: string): Buffer {
  const file = join(dataDir, SECRET_FILE);
  if (existsSync(file)) {
    const secret = Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(32);
  writeFileSync(file, `${secret.toString("base64url")}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

import { randomBytes } from "node:crypto";
import { argon2id, argon2Verify } from "hash-wasm";

// OWASP's argon2id baseline: 19 MiB, 2 passes, one lane. hash-wasm runs it in
// WebAssembly, so installs need no native build.
const MEMORY_KIB = 19_456;
const ITERATIONS = 2;

export function hashPassword(password: string): Promise<string> {
  return argon2id({
    password,
    salt: randomBytes(16),
    parallelism: 1,
    iterations: ITERATIONS,
    memorySize: MEMORY_KIB,
    hashLength: 32,
    outputType: "encoded",
  });
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether the password is the one hashed. Without a hash (no account has the email), it is checked
 * against a hash of a random password made the same way, and is false: an unknown email takes as
 * long to refuse as a wrong password, so the time of the answer does not tell which emails exist.
 */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (hash === undefined) {
    dummyHash ??= hashPassword(randomBytes(16).toString("base64url"));
    await argon2Verify({ password, hash: await dummyHash }).catch(() => false);
    return false;
  }
  return argon2Verify({ password, hash }).catch(() => false);
}

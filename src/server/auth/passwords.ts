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

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return argon2Verify({ password, hash }).catch(() => false);
}

/** What makes the songs: GENERATOR=builtin (default), ace-step (with ACE_STEP_URL) or off. */
export type GeneratorSetting =
  | { readonly kind: "builtin" }
  | { readonly kind: "ace-step"; readonly url: string; readonly apiKey?: string }
  | { readonly kind: "off" };

export function readGeneratorSetting(
  env: NodeJS.ProcessEnv,
  problem: (message: string) => Error,
): GeneratorSetting {
  const kind = (env.GENERATOR || "builtin").trim().toLowerCase();
  if (kind === "off") return { kind: "off" };
  if (kind === "builtin") return { kind: "builtin" };
  if (kind !== "ace-step") {
    throw problem(`GENERATOR=${env.GENERATOR} is not a generator: use builtin, ace-step or off.`);
  }
  const url = env.ACE_STEP_URL?.trim();
  if (!url || !/^https?:\/\/[^/]/.test(url)) {
    throw problem("GENERATOR=ace-step needs ACE_STEP_URL, the model server's http:// or https:// address.");
  }
  return { kind: "ace-step", url, apiKey: env.ACE_STEP_API_KEY || undefined };
}

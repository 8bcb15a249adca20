import { describe, expect, it } from "vitest";
import { newAccountBody, startApiServer } from "../api-server.ts";
import { BACKENDS } from "../server-database.ts";

const WEAK_EN =
  "Choose a stronger password: at least 8 characters, not a common one, mixing letters with digits or symbols (or simply longer)";
const WEAK_ES =
  "Elige una contraseña más segura: al menos 8 caracteres, que no sea una de las habituales, mezclando letras con dígitos o símbolos (o simplemente más larga)";

describe.each(BACKENDS)("a shared rule's refusal in the request's language on %s", (backend) => {
  const server = startApiServer(backend);
  const weakSignup = (headers: Record<string, string>) =>
    server
      .client()
      .request("POST", "/api/auth/signup", { ...newAccountBody(), password: "password123" }, headers);

  it("answers in English without Accept-Language, and with only languages we lack", async () => {
    expect((await weakSignup({})).body).toEqual({ detail: WEAK_EN });
    expect((await weakSignup({ "accept-language": "fr-FR, de;q=0.8" })).body).toEqual({ detail: WEAK_EN });
  });

  it("answers in Spanish when Accept-Language asks for it first", async () => {
    const spanish = await weakSignup({ "accept-language": "es-ES,es;q=0.9,en;q=0.8" });
    expect(spanish).toMatchObject({ status: 400, body: { detail: WEAK_ES } });
    const english = await weakSignup({ "accept-language": "en-GB, es;q=0.5" });
    expect(english.body).toEqual({ detail: WEAK_EN });
  });

  it("says why a handle cannot be had in the asker's language, with the handle in the sentence", async () => {
    const ask = (handle: string, language: string) =>
      server.client().request("GET", `/api/auth/handle-available?handle=${handle}`, undefined, {
        "accept-language": language,
      });
    const first = await server.signedUp();
    const handle = (await first.client.get<{ handle: string }>("/api/account")).body.handle;
    expect((await ask(handle, "es")).body).toEqual({
      available: false,
      reason: `El nombre de usuario @${handle} ya está ocupado`,
    });
    expect((await ask(handle, "en")).body).toEqual({
      available: false,
      reason: `The handle @${handle} is taken`,
    });
    expect((await ask("no%20spaces!", "es-MX")).body).toEqual({
      available: false,
      reason: "Los nombres de usuario tienen de 3 a 30 letras, dígitos o guiones bajos",
    });
  });

  it("answers a signed-in person in their saved language, whatever the browser asks", async () => {
    const user = await server.signedUp();
    expect((await user.client.post("/api/account/language", { language: "es" })).status).toBeLessThan(300);
    const weak = await user.client.request(
      "POST",
      "/api/account/password",
      { current_password: "correct horse battery", new_password: "abcdefgh" },
      { "accept-language": "en-US" },
    );
    expect(weak).toMatchObject({ status: 400, body: { detail: WEAK_ES } });
  });
});

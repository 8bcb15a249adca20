// What shared rules say reaches people in their language: the sign-up page shown in Spanish says the
// password rule and why a handle is taken in Spanish, and the server answers that browser's
// requests in Spanish too.

import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath } from "../../src/tooling/chromium.ts";
import { openCreateApp } from "./create-app.ts";

const app = openCreateApp();

const WEAK_ES =
  "Elige una contraseña más segura: al menos 8 caracteres, que no sea una de las habituales, mezclando letras con dígitos o símbolos (o simplemente más larga)";

describe("shared rules' messages in Spanish", () => {
  it("shows the weak password rule in Spanish on the page and from the server", async () => {
    const { baseUrl } = app();
    const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true });
    try {
      const context = await browser.newContext({ locale: "es-ES" });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/signup`);
      await expect.poll(() => page.getByRole("button", { name: "Registrarse" }).count()).toBe(1);
      await page.getByLabel("Correo electrónico").fill(`weak_${process.pid}@example.com`);
      // The server's answer, asked in the page's language, says why a handle cannot be had.
      await page.getByLabel("Nombre de usuario").fill("demo");
      await expect
        .poll(() => page.locator("#handle-status").textContent())
        .toBe("El nombre de usuario @demo ya está ocupado");
      await page.getByLabel("Nombre de usuario").fill(`weak_${process.pid}`);
      await page.getByLabel("Contraseña").fill("password1");
      await page.getByRole("button", { name: "Registrarse" }).click();
      await expect.poll(() => page.locator(".field-error").allTextContents()).toContain(WEAK_ES);

      const answer = await page.evaluate(async (handle) => {
        const response = await fetch("/api/auth/signup", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: `${handle}@example.com`, handle, password: "password1" }),
        });
        return { status: response.status, body: await response.json() };
      }, `weak_${process.pid}`);
      expect(answer).toEqual({ status: 400, body: { detail: WEAK_ES } });
    } finally {
      await browser.close();
    }
  });
});

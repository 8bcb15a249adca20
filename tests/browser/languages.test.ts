// The pages in Spanish: the account menu's switch turns /create and /me to Spanish at once and the
// account keeps it across a reload; a browser that asks for Spanish (Accept-Language, navigator
// languages) gets it on its first visit, and a signed-out choice stays in that browser.

import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath } from "../../src/tooling/chromium.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();
/** A folder to keep screenshots of the Spanish pages in (for a person to look at), when set. */
const SHOTS = process.env.LANGUAGE_SHOTS;

describe("languages", () => {
  it("switches /create and /me to Spanish from the account menu, and a reload keeps it", async () => {
    const { page, baseUrl, signIn } = app();
    await signIn(PRO_USER, "/create");
    await expect.poll(() => page.getByRole("region", { name: "Create a song" }).count()).toBe(1);
    await page.getByTestId("language-switch").selectOption("es");
    await expect.poll(() => page.getByRole("region", { name: "Crear una canción" }).count()).toBe(1);
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
    const nav = page.getByRole("navigation", { name: "Principal" });
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Crear", "Biblioteca", "Estudio"]);
    expect(await page.getByRole("button", { name: "Crear", exact: true }).count()).toBe(1);

    await page.goto(`${baseUrl}/me`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Biblioteca");
    await expect.poll(() => page.getByRole("link", { name: "Papelera" }).count()).toBe(1);
    expect(await page.getByRole("searchbox", { name: "Buscar en tus canciones" }).count()).toBe(1);

    await page.reload();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Biblioteca");
    const session = await page.evaluate(() => fetch("/api/session").then((answer) => answer.json()));
    expect(session.language).toBe("es");
    await page.getByTestId("language-switch").selectOption("en");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Library");
  });

  it("shows Spanish on a first visit from a browser that asks for it, and keeps a signed-out choice", async () => {
    const { baseUrl } = app();
    const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true });
    try {
      const context = await browser.newContext({ locale: "es-ES" });
      const page = await context.newPage();
      const texts: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/locales/")) texts.push(request.url());
      });
      await page.goto(`${baseUrl}/login`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Iniciar sesión");
      expect(await page.getByLabel("Contraseña").count()).toBe(1);
      expect(texts.some((url) => /\/locales\/es\/common\.json\?v=\w+$/.test(url))).toBe(true);
      expect(texts.some((url) => /\/locales\/es\/auth\.json\?v=\w+$/.test(url))).toBe(true);
      // The create and library texts are loaded only by their pages.
      expect(texts.some((url) => /\/(create|library)\.json/.test(url))).toBe(false);

      // Signed out, the header's switch keeps the choice in this browser.
      await page.goto(`${baseUrl}/home`);
      const nav = page.getByRole("navigation", { name: "Principal" });
      await expect
        .poll(() => nav.getByRole("link").allTextContents())
        .toEqual(["Crear", "Biblioteca", "Estudio"]);
      await page.getByTestId("language-switch").selectOption("en");
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
      await page.goto(`${baseUrl}/login`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign in");
    } finally {
      await browser.close();
    }
  });

  it("shows the notifications page, the script tokens, live radio and the staff console in Spanish", async () => {
    const { page, baseUrl, signIn, signOut, db } = app();
    await signOut();
    await signIn(PRO_USER, "/create");
    await page.getByTestId("language-switch").selectOption("es");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
    const staff = () => db.updateTable("users").where("email", "=", PRO_USER);
    await staff().set({ is_staff: true }).execute();
    try {
      await page.goto(`${baseUrl}/notifications`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Notificaciones");
      expect(await page.getByRole("button", { name: "Marcar todo como leído" }).count()).toBe(1);
      expect(await page.getByTestId("notification-bell").getAttribute("aria-label")).toMatch(
        /^Notificaciones/,
      );
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/notifications-es.png`, fullPage: true });

      await page.goto(`${baseUrl}/account`);
      await expect.poll(() => page.getByRole("heading", { name: "Tokens para scripts" }).count()).toBe(1);
      expect(await page.getByRole("button", { name: "Crear token" }).count()).toBe(1);

      await page.goto(`${baseUrl}/live-radio`);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent())
        .toBe("Tunesmith en directo");
      expect(await page.getByRole("button", { name: "▶ Escuchar en directo" }).count()).toBe(1);

      await page.goto(`${baseUrl}/admin`);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent())
        .toBe("Consola del personal");
      await page.getByRole("button", { name: "Buscar", exact: true }).click();
      await expect.poll(() => page.getByTestId("admin-user").count()).toBeGreaterThan(0);
      expect(await page.getByRole("button", { name: "Restablecer contraseña" }).count()).toBeGreaterThan(0);
      await page.getByRole("tab", { name: "Moderación" }).click();
      await expect.poll(() => page.getByRole("heading", { name: "Canciones denunciadas" }).count()).toBe(1);
      await page.getByRole("tab", { name: "Estado" }).click();
      await expect.poll(() => page.getByText("Base de datos", { exact: true }).count()).toBe(1);
      await page.getByRole("tab", { name: "Usuarios" }).click();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-es.png`, fullPage: true });
    } finally {
      await staff().set({ is_staff: false }).execute();
      await page.getByTestId("language-switch").selectOption("en");
    }
  });
});

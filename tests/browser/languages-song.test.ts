// The song page and its song menu in Spanish: after the account menu's switch, /song/{id} speaks
// Spanish (headings, counts, comments, the not-found page's whole sentences), and its song menu's
// entries, toggles and modals do too; the profile page follows. The embed player speaks its
// visitor's browser language.

import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath } from "../../src/tooling/chromium.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";

const app = openCreateApp();
/** A folder to keep screenshots of the Spanish pages in (for a person to look at), when set. */
const SHOTS = process.env.LANGUAGE_SHOTS;
/** Pages and texts load slowly on a loaded machine: the waits are generous. */
const WAIT = { timeout: 60_000 } as const;

describe("the song page in Spanish", () => {
  it("shows the song page, its song menu and the profile in Spanish", async () => {
    const { page, baseUrl, signIn, db, storage } = app();
    const owner = await accountOf(db, PRO_USER);
    const song = await finishedSong(
      { db, storage },
      { userId: owner.id, title: "Faro del Sur", isPublic: true, seconds: 4 },
    );
    await signIn(PRO_USER, "/create");
    // The account's own language applies when the session arrives: switch after that.
    await expect.poll(() => page.getByRole("region", { name: "Create a song" }).count(), WAIT).toBe(1);
    await page.getByTestId("language-switch").selectOption("es");
    await expect.poll(() => page.locator("html").getAttribute("lang"), WAIT).toBe("es");
    try {
      await page.goto(`${baseUrl}/song/${song.id}`);
      await expect.poll(() => page.getByTestId("song-title").textContent(), WAIT).toBe("Faro del Sur");
      expect(await page.getByRole("heading", { name: /^Comentarios/ }).count()).toBe(1);
      expect(await page.getByRole("heading", { name: "Letra" }).count()).toBe(1);
      expect(await page.getByTestId("song-plays").textContent()).toMatch(/^\d+ reproducci(ón|ones)$/);
      expect(await page.getByRole("textbox", { name: "Escribe un comentario" }).count()).toBe(1);
      expect(await page.getByRole("button", { name: "Publicar", exact: true }).count()).toBe(1);
      expect(await page.getByRole("button", { name: "Me gusta", exact: true }).count()).toBe(1);

      await page.getByRole("button", { name: "Más acciones: Faro del Sur" }).click();
      const menu = page.getByRole("menu", { name: "Acciones de Faro del Sur" });
      await expect.poll(() => menu.count(), WAIT).toBe(1);
      const entries = await menu.locator(".song-menu-label").allTextContents();
      expect(entries).toContain("Dejar de publicar");
      expect(entries).toContain("Copiar enlace");
      expect(entries).toContain("Añadir a la cola");
      expect(entries).toContain("Permitir comentarios");
      expect(entries).not.toContain("Copy Link");
      expect(
        await menu.getByRole("menuitemcheckbox", { name: /Permitir comentarios/ }).textContent(),
      ).toContain("Sí");
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/song-menu-es.png` });
      await menu.getByRole("menuitem", { name: "Detalles de la canción" }).click();
      const details = page.getByTestId("song-details-modal");
      await expect
        .poll(() => details.getByRole("heading", { name: "Detalles de la canción" }).count())
        .toBe(1);
      expect(await details.getByLabel("Quién puede remezclarla").count()).toBe(1);
      await details.getByRole("button", { name: "Cancelar" }).click();
      await expect.poll(() => details.count(), WAIT).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/song-es.png`, fullPage: true });

      await page.goto(`${baseUrl}/song/00000000-0000-4000-8000-000000000000`);
      const missing = page.getByTestId("song-not-found");
      await expect.poll(() => missing.getByRole("heading").textContent(), WAIT).toBe("Canción no encontrada");
      expect(await missing.getByText("Esta canción no existe o es privada.").count()).toBe(1);

      await page.goto(`${baseUrl}/@${owner.handle}`);
      await expect
        .poll(() => page.getByRole("heading", { name: "Canciones", exact: true }).count(), WAIT)
        .toBe(1);
      expect(await page.getByRole("button", { name: "Editar perfil" }).count()).toBe(1);
    } finally {
      await page.getByTestId("language-switch").selectOption("en");
      await expect.poll(() => page.locator("html").getAttribute("lang"), WAIT).toBe("en");
    }
  });

  it("shows the embed player in the language of a browser that asks for Spanish", async () => {
    const { baseUrl, db, storage } = app();
    const owner = await accountOf(db, PRO_USER);
    const song = await finishedSong(
      { db, storage },
      { userId: owner.id, title: "Marea Alta", isPublic: true, seconds: 3 },
    );
    const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true });
    try {
      const page = await (await browser.newContext({ locale: "es-ES" })).newPage();
      await page.goto(`${baseUrl}/embed/${song.id}`);
      await expect.poll(() => page.locator(".embed-title").textContent(), WAIT).toBe("Marea Alta");
      expect(await page.getByRole("link", { name: "Escuchar en Tunesmith" }).count()).toBe(1);
      expect(await page.getByRole("button", { name: "Reproducir Marea Alta" }).count()).toBe(1);
      expect(await page.locator("html").getAttribute("lang")).toBe("es");
    } finally {
      await browser.close();
    }
  });
});

// The studio's transport, timeline and track headers, and the editor page, in Spanish: after the
// account menu's switch the studio's controls are named in Spanish (the names screen readers say
// and the tests find them by), and the editor speaks the edit namespace.

import { describe, expect, it } from "vitest";
import { openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();
const WAIT = { timeout: 60_000 };

describe("the studio and the editor in Spanish", () => {
  it("names the transport, the timeline and the track headers in Spanish", async () => {
    const { page, baseUrl, signIn } = app();
    await signIn(PRO_USER, "/create");
    await page.getByTestId("language-switch").selectOption("es");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
    await page.goto(`${baseUrl}/studio`);
    await expect.poll(() => page.getByTestId("track-header").count(), WAIT).toBe(8);
    const transport = page.getByRole("toolbar", { name: "Transporte" });
    expect(await transport.getByRole("button", { name: "Reproducir", exact: true }).count()).toBe(1);
    expect(await transport.getByRole("button", { name: "Deshacer" }).count()).toBe(1);
    expect(await transport.getByRole("button", { name: "Exportar" }).count()).toBe(1);
    expect(await transport.getByRole("combobox", { name: "Tema" }).count()).toBe(1);
    expect(await page.getByRole("application", { name: "Línea de tiempo" }).count()).toBe(1);
    const tracks = page.getByRole("region", { name: "Pistas" });
    expect(await tracks.getByRole("button", { name: "+ Añadir pista" }).count()).toBe(1);
    const first = page.getByTestId("track-header").first();
    expect(await first.getByRole("button", { name: "Silenciar" }).count()).toBe(1);
    expect(await first.getByRole("textbox", { name: "Nombre de la pista" }).count()).toBe(1);
    // Nothing English is left on those controls' names.
    expect(await transport.getByRole("button", { name: "Play", exact: true }).count()).toBe(0);
  });

  it("shows the editor's own texts in Spanish", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/edit/5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), WAIT)
      .toBe("Canción no encontrada");
    expect(await page.getByRole("link", { name: "Volver a tu biblioteca" }).count()).toBe(1);
    // The editor is full-window, without the header's switch: back to English from the create page.
    await page.goto(`${baseUrl}/create`);
    await page.getByTestId("language-switch").selectOption("en");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    await page.goto(`${baseUrl}/edit/5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), WAIT)
      .toBe("Song not found");
  });
});

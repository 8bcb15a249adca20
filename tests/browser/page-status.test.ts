// What a browser gets for an address: the app's pages with 200, anything else with 404 and the
// not-found page (the same single-page app, so its look and links are the app's).

import { describe, expect, inject, it } from "vitest";
import { openAppPageForFile } from "./app-page.ts";

const page = openAppPageForFile();

describe("page status codes in Chromium", () => {
  it("loads a page of the app with 200", async () => {
    const response = await page().goto(`${inject("baseUrl")}/login?next=%2Fcreate`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page().getByRole("heading", { level: 1 }).textContent()).toBe("Sign in");
  });

  it("answers an unknown address with 404 and shows Page not found", async () => {
    const response = await page().goto(`${inject("baseUrl")}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()["content-type"]).toContain("text/html");
    await expect.poll(() => page().getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    await page().getByRole("link", { name: "Go home" }).click();
    await page().waitForURL((url) => url.pathname === "/");
  });

  it("answers a page address with a malformed id with 404", async () => {
    const response = await page().goto(`${inject("baseUrl")}/persona/not-an-id`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page().getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
  });
});

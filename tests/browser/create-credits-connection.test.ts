// The credit checks before generating, and a generation that loses its realtime connection, in
// Chromium against the built app: 0 credits stop the form with 'Out of credits.' before any request;
// 5 credits pass the form check (its 'Insufficient credits.' is for balances below 1, which whole
// credits never are) and meet the server's 402; a song whose socket drops mid-way still completes
// through polling.

import type { WebSocketRoute } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();

const generateRequests = (url: string, method: string) =>
  url.includes("/api/generate/v2") && method === "POST";

describe("credits", () => {
  it("stops the form with 'Out of credits.' at 0 credits, sending nothing", async () => {
    const { page } = app();
    await app().signIn(PRO_USER);
    await app().setCredits(PRO_USER, 0);
    await page.reload();
    await expect.poll(() => page.getByTestId("account-credits").textContent()).toBe("0 credits");
    let sent = 0;
    page.on("request", (request) => {
      if (generateRequests(request.url(), request.method())) sent += 1;
    });
    await page.getByLabel("Song description").fill("a calm piano piece");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect.poll(() => page.getByTestId("create-error").textContent()).toBe("Out of credits.");
    // Shown once, under Create: not again as a toast.
    expect(await page.getByTestId("toast").filter({ hasText: "Out of credits." }).count()).toBe(0);
    expect(sent).toBe(0);
    expect(await page.getByTestId("clip-row").count()).toBe(0);
  });

  it("at 5 credits passes the form check and shows the server's 402 as the catalogue says", async () => {
    const { page } = app();
    await app().setCredits(PRO_USER, 5);
    await page.reload();
    await expect.poll(() => page.getByTestId("account-credits").textContent()).toBe("5 credits");
    await page.getByLabel("Song description").fill("a calm piano piece");
    const answer = page.waitForResponse((response) =>
      generateRequests(response.url(), response.request().method()),
    );
    await page.getByRole("button", { name: "Create", exact: true }).click();
    expect((await answer).status()).toBe(402);
    const toast = page.getByTestId("toast").filter({ hasText: "Need at least 10 credits to create." });
    await expect.poll(() => toast.count()).toBe(1);
    expect(await toast.textContent()).toContain("Upgrade your account to get more credits!");
    expect(await page.getByTestId("create-error").count()).toBe(0);
    expect(await page.getByTestId("clip-row").count()).toBe(0);
  });
});

describe("a lost connection", () => {
  it("still brings the song to complete by polling after the realtime socket drops", async () => {
    const { page } = app();
    await app().setCredits(PRO_USER, 100);
    const sockets: WebSocketRoute[] = [];
    let blocked = false;
    let refused = 0;
    await page.routeWebSocket(/\/api\/realtime/, (socket) => {
      if (blocked) {
        refused += 1;
        socket.close();
        return;
      }
      sockets.push(socket);
      // With no handlers of its own, the route passes messages both ways.
      socket.connectToServer();
    });
    await page.reload();
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    await page.getByLabel("Song description").fill("a short happy ukulele song about the sea");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const rows = page.getByTestId("clip-row");
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    // The connection drops while the songs are being made, and every reconnection is refused.
    blocked = true;
    for (const socket of sockets) await socket.close();
    expect(await rows.first().getAttribute("data-status")).not.toBe("complete");
    await expect
      .poll(() => page.locator('[data-testid="clip-row"][data-status="complete"]').count(), {
        timeout: 90_000,
        interval: 1000,
      })
      .toBe(2);
    // The page tried to get its socket back, and polling (not the socket) brought the songs home.
    expect(refused).toBeGreaterThan(0);
  });
});

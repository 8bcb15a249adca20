import { describe, expect, it } from "vitest";
import { openAppPageForFile } from "./app-page.ts";

const page = openAppPageForFile();

describe("the engine check on the home page", () => {
  it("plays the wasm tone through the worklet when the button is clicked, and stops it", async () => {
    const level = page().getByTestId("output-level");
    await expect.poll(() => level.textContent()).toBe("-∞ dBFS");

    await page().getByRole("button", { name: "Play tone" }).click();
    // A 0.25-gain sine peaks at 20 log10(0.25) = -12.04 dBFS on the realtime output.
    await expect.poll(() => level.textContent(), { timeout: 10_000 }).toBe("-12.0 dBFS");

    await page().getByRole("button", { name: "Stop tone" }).click();
    await expect.poll(() => page().getByRole("button", { name: "Play tone" }).count()).toBe(1);
    expect(await level.textContent()).toBe("-∞ dBFS");
    expect(await page().getByRole("alert").count()).toBe(0);
  });
});

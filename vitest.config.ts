import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    reporters: ["default", "./tests/summary-reporter.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/unit/global-setup.ts"],
          // Renders and database setups take seconds on CI's two loaded cores, and a whole song's
          // render can take most of a minute there while browsers run beside it.
          testTimeout: 90_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/browser/global-setup.ts"],
          // Generous: browser tests wait on songs and engines of a machine whose two cores run eight
          // browsers at once, and their own waits (some of a minute or more) must end first.
          testTimeout: 180_000,
          hookTimeout: 60_000,
          // A page's answer can take seconds there too: expect.poll waits up to 20 s (vitest's own
          // default of 1 s failed tests whose page was merely slow).
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});

import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { repoPath } from "./src/platform/paths.ts";
import { CROSS_ORIGIN_ISOLATION_HEADERS } from "./src/shared/isolation-headers.ts";
import { localesVersion } from "./src/tooling/locales-version.ts";
import { dspPlugin } from "./src/tooling/vite-plugin-dsp.ts";

export default defineConfig({
  root: "src/app",
  publicDir: false,
  plugins: [react(), dspPlugin()],
  // The texts' version query (the server serves /locales/ itself, with long cache headers).
  define: { __LOCALES_VERSION__: JSON.stringify(localesVersion()) },
  // Worklet processors are bundled as ES modules: addModule() loads them as such.
  worker: { format: "es" },
  server: { headers: CROSS_ORIGIN_ISOLATION_HEADERS },
  preview: { headers: CROSS_ORIGIN_ISOLATION_HEADERS },
  build: {
    outDir: "../../dist",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    rolldownOptions: {
      // The engine is an entry of its own, exports kept, so browser tests import what the pages run.
      // Absolute: the build resolves inputs from the working directory, the dev server's scan from `root`.
      // The embed player is its own small page, made for iframes on other sites.
      input: {
        main: repoPath("src/app/index.html"),
        embed: repoPath("src/app/embed/index.html"),
        engine: repoPath("src/engine/index.ts"),
      },
      preserveEntrySignatures: "exports-only",
    },
  },
});

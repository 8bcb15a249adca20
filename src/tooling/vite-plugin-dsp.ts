import type { Plugin } from "vite";
import { repoPath } from "../platform/paths.ts";
import { buildDspIfStale } from "./dsp-build.ts";

/** Keeps build/dsp/dsp.wasm in step with dsp/: before every build, and on every edit in dev. */
export function dspPlugin(): Plugin {
  return {
    name: "tunesmith-dsp",
    async buildStart() {
      await buildDspIfStale();
    },
    configureServer(server) {
      const dspDir = repoPath("dsp");
      server.watcher.add(dspDir);
      server.watcher.on("change", async (file) => {
        if (!file.startsWith(dspDir)) return;
        try {
          await buildDspIfStale();
          server.ws.send({ type: "full-reload" });
        } catch (error) {
          server.config.logger.error(String(error));
        }
      });
    },
  };
}

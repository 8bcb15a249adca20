// npm run dev: Vite serves the pages with hot reload; our API runs behind it on PORT+1.
import { createServer } from "vite";
import { repoPath } from "../platform/paths.ts";
import { buildApp } from "../server/app.ts";
import { bootDatabase } from "../server/boot.ts";
import { readConfig } from "../server/config.ts";
import { buildDspIfStale } from "./dsp-build.ts";

const config = readConfig(process.env);
await buildDspIfStale();
const { database, storage, demo, generator } = await bootDatabase(config);
const api = await buildApp({
  database,
  storage,
  generator,
  generateEndpoint: config.generateEndpoint,
  logger: true,
});
api.addHook("onClose", () => database.close());
const apiPort = config.port + 1;
await api.listen({ port: apiPort, host: "127.0.0.1" });

const vite = await createServer({
  configFile: repoPath("vite.config.ts"),
  server: {
    port: config.port,
    strictPort: true,
    proxy: {
      // ws: the realtime socket (/api/realtime) goes through the proxy too.
      "/api": { target: `http://127.0.0.1:${apiPort}`, ws: true },
      "/locales": { target: `http://127.0.0.1:${apiPort}` },
    },
  },
});
await vite.listen();
vite.printUrls();
process.stdout.write(
  `Demo accounts (password ${demo.password}): ${demo.accounts.map((a) => a.email).join(", ")}\n`,
);

// npm run dev: Vite serves the pages with hot reload; our API runs behind it on PORT+1.
import { createServer } from "vite";
import { buildApp } from "../server/app.ts";
import { readConfig } from "../server/config.ts";
import { buildDspIfStale } from "./dsp-build.ts";
import { repoPath } from "./paths.ts";

const config = readConfig(process.env);
await buildDspIfStale();
const api = await buildApp({ logger: true });
const apiPort = config.port + 1;
await api.listen({ port: apiPort, host: "127.0.0.1" });

const vite = await createServer({
  configFile: repoPath("vite.config.ts"),
  server: { port: config.port, strictPort: true, proxy: { "/api": `http://127.0.0.1:${apiPort}` } },
});
await vite.listen();
vite.printUrls();

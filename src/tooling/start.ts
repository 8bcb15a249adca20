// npm start: build what is missing, then serve.
import { buildPagesIfStale } from "./pages-build.ts";

await buildPagesIfStale();
await import("../server/main.ts");

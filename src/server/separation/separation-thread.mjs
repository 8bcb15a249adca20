// The separation thread's entry: worker threads start without the TypeScript loader the server runs
// under (tsx) or the one the tests run under, so it is registered here before the separation is loaded.
import { register } from "tsx/esm/api";

register();
await import("./separation-thread.ts");

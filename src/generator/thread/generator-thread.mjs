// A generator worker thread's entry: worker threads start without the TypeScript loader the server
// runs under (tsx) or the one the tests run under, so it is registered here first.
import { register } from "tsx/esm/api";

register();
await import("./generator-thread.ts");

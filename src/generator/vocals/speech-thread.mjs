// The eSpeak thread's entry: worker threads start without the TypeScript loader, so it is
// registered here first (as the generator's threads do).
import { register } from "tsx/esm/api";

register();
await import("./speech-thread.ts");

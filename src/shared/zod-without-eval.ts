import { z } from "zod";

// Zod compiles faster object parsers with `new Function` when eval is allowed, and probes for it
// when a schema is made. The pages' Content-Security-Policy has no 'unsafe-eval', so the probe is
// refused and reported as a violation. Pages and their workers import this module before any
// schema, so zod parses without compiling and never asks.
z.config({ jitless: true });

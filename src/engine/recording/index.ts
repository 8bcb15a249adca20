export * from "./alignment.ts";
export { CAPTURE_DRAIN_MS, type CaptureListener, InputCapture, RING_SECONDS } from "./input-capture.ts";
export { measureRoundTrip } from "./latency-probe.ts";
export { type RingRead, RingReader } from "./ring-reader.ts";

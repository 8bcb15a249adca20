// Measures an input's round trip once: a click leaves the speakers at a known context frame, and
// the first onset the input hears after it is where it came back.

import { findOnset, roundTripFrames } from "./alignment.ts";
import type { InputCapture } from "./input-capture.ts";

/** The click starts this far ahead, so it is scheduled well before its quantum renders. */
const LEAD_SECONDS = 0.15;
/** How long after the click its echo is looked for: longer than any device's round trip. */
const LISTEN_SECONDS = 0.8;
const CLICK_SECONDS = 0.01;
const CLICK_HZ = 1000;

function clickBuffer(context: BaseAudioContext): AudioBuffer {
  const frames = Math.round(CLICK_SECONDS * context.sampleRate);
  const buffer = context.createBuffer(1, frames, context.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) {
    const age = i / context.sampleRate;
    data[i] = (1 - i / frames) ** 3 * Math.sin(2 * Math.PI * CLICK_HZ * age);
  }
  return buffer;
}

/**
 * An input's first moments are not its steady state (buffers fill, drivers settle): the click
 * waits until this much input has arrived.
 */
const SETTLE_SECONDS = 0.5;

/** Resolves once the input has delivered SETTLE_SECONDS, or after a while if it never does. */
function settled(capture: InputCapture): Promise<void> {
  const wanted = SETTLE_SECONDS * capture.context.sampleRate;
  return new Promise((resolve) => {
    let stop = () => {};
    const done = () => {
      stop();
      resolve();
    };
    stop = capture.listen((read) => {
      if (read.index + read.samples.length >= wanted) done();
    });
    setTimeout(done, SETTLE_SECONDS * 1000 + 2000);
  });
}

/** The round trip in frames, or null when the click was not heard back. */
export async function measureRoundTrip(capture: InputCapture): Promise<number | null> {
  await settled(capture);
  return measureOnce(capture);
}

function measureOnce(capture: InputCapture): Promise<number | null> {
  const context = capture.context;
  const rate = context.sampleRate;
  const clickFrame = Math.ceil((context.currentTime + LEAD_SECONDS) * rate);
  const click = context.createBufferSource();
  click.buffer = clickBuffer(context);
  click.connect(context.destination);
  click.start(clickFrame / rate);
  const listenFrames = Math.round(LISTEN_SECONDS * rate);
  const heard = new Float32Array(listenFrames);
  return new Promise((resolve) => {
    let stop = () => {};
    const finish = (result: number | null) => {
      stop();
      click.disconnect();
      resolve(result);
    };
    stop = capture.listen((read) => {
      const start = capture.startFrame();
      if (start === null) return;
      // Copies the part of the block that falls in the listening window.
      const blockFrame = start + read.index;
      for (let i = 0; i < read.samples.length; i++) {
        const at = blockFrame + i - clickFrame;
        if (at >= 0 && at < listenFrames) heard[at] = read.samples[i];
      }
      if (blockFrame + read.samples.length < clickFrame + listenFrames) return;
      const onset = findOnset(heard);
      finish(onset === null ? null : roundTripFrames(clickFrame, clickFrame + onset));
    });
    // A device that stops delivering never fills the window.
    setTimeout(() => finish(null), (LEAD_SECONDS + LISTEN_SECONDS) * 1000 + 2000);
  });
}

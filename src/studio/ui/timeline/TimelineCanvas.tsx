// Mounts the timeline's WebGL canvas with @pixi/react; the drawing itself is imperative
// (TimelineRenderer), driven by the studio's frame loop.

import { Application } from "@pixi/react";
// The pages' Content-Security-Policy allows no eval: Pixi's shader and uniform code then comes
// precompiled from this module instead of being generated with new Function at run time.
import "pixi.js/unsafe-eval";
import type { Application as PixiApplication } from "pixi.js";
import { memo, useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { fadeGain } from "../../timeline/fade-shapes.ts";
import { readPalette } from "../../timeline/palette.ts";
import { PointerController } from "../../timeline/pointer-controller.ts";
import { TimelineRenderer } from "../../timeline/timeline-renderer.ts";
import type { Viewport } from "../../timeline/viewport.ts";
import { useSession } from "../studio-context.ts";
import { attachDropTarget } from "./drop-target.ts";
import { trackElementBox } from "./element-box.ts";
import { LivePlayheads } from "./LivePlayheads.tsx";
import { TIMELINE_HELP_ID, TimelineKeyHelp } from "./TimelineKeyHelp.tsx";
import { attachTimelineKeys } from "./timeline-keys.ts";
import { attachWheel } from "./wheel.ts";

const EVENT_FEATURES = { move: false, globalMove: false, click: false, wheel: false } as const;

/** The beats in view, on the canvas's element: what the canvas shows, for tools that cannot see it. */
function describeView(host: HTMLElement, viewport: Viewport): void {
  host.dataset.startBeat = viewport.startBeat.toFixed(3);
  host.dataset.endBeat = viewport.endBeat.toFixed(3);
  host.dataset.pixelsPerBeat = viewport.pixelsPerBeat.toFixed(4);
}

interface TimelineCanvasProps {
  /** Scrolls the tracks vertically (the track headers' scroller owns the vertical scroll). */
  readonly scrollTracks: (deltaY: number) => void;
}

export const TimelineCanvas = memo(function TimelineCanvas({ scrollTracks }: TimelineCanvasProps) {
  const { t } = useTranslation("studio");
  const session = useSession();
  const hostRef = useRef<HTMLDivElement>(null);
  const cleanup = useRef<(() => void) | null>(null);
  const scrollRef = useRef(scrollTracks);
  scrollRef.current = scrollTracks;

  const onInit = useCallback(
    (app: PixiApplication) => {
      const host = hostRef.current;
      if (host === null || cleanup.current !== null) return;
      const { viewport, interaction, controller } = session;
      const box = trackElementBox(host);
      const renderer = new TimelineRenderer(app, {
        controller,
        viewport,
        interaction,
        get sources() {
          return session.audio?.sources ?? null;
        },
        isPlaying: () => controller.state.ui.playing,
        fadeGain,
      });
      const pointer = new PointerController(app.canvas, {
        controller,
        viewport,
        interaction,
        get sources() {
          return session.audio?.sources ?? null;
        },
        box,
      });
      renderer.setPalette(readPalette(host));
      const resize = () => {
        box.refresh();
        const { width, height } = host.getBoundingClientRect();
        const w = Math.max(1, Math.floor(width));
        const h = Math.max(1, Math.floor(height));
        app.renderer.resize(w, h);
        viewport.setSize(w, h);
        renderer.invalidate();
      };
      resize();
      const observer = new ResizeObserver(resize);
      observer.observe(host);
      let describedView = -1;
      const stopFrames = session.frames.add(() => {
        pointer.frame();
        renderer.frame();
        if (describedView !== viewport.version) {
          describedView = viewport.version;
          describeView(host, viewport);
        }
      });
      // The page's resolved theme, not the store's choice: "system" changes it with no choice made.
      const themeObserver = new MutationObserver(() =>
        // The theme's variables apply once the page has restyled.
        requestAnimationFrame(() => renderer.setPalette(readPalette(host))),
      );
      themeObserver.observe(document.documentElement, { attributeFilter: ["data-theme"] });
      const stopWheel = attachWheel(host, box, viewport, (deltaY) => scrollRef.current(deltaY));
      const stopDrop = attachDropTarget(host, session);
      const stopKeys = attachTimelineKeys(host, controller, viewport);
      cleanup.current = () => {
        observer.disconnect();
        stopFrames();
        themeObserver.disconnect();
        stopWheel();
        stopDrop();
        stopKeys();
        pointer.dispose();
        box.dispose();
        renderer.destroy();
      };
    },
    [session],
  );

  useEffect(
    () => () => {
      cleanup.current?.();
      cleanup.current = null;
    },
    [],
  );

  return (
    <div
      ref={hostRef}
      className="timeline-canvas-host"
      data-testid="timeline-canvas"
      role="application"
      aria-roledescription="timeline"
      aria-label={t("timeline.label")}
      aria-describedby={TIMELINE_HELP_ID}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas takes keys of its own (role application), so it must take the focus
      tabIndex={0}
    >
      <Application
        onInit={onInit}
        autoStart={false}
        sharedTicker={false}
        antialias={false}
        autoDensity
        resolution={window.devicePixelRatio || 1}
        preference="webgl"
        background="#15161b"
        eventFeatures={EVENT_FEATURES}
      />
      <LivePlayheads />
      <TimelineKeyHelp />
    </div>
  );
});

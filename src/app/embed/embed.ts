// /embed/{id}: a small player made for an iframe (760x240 by default) on other sites. Plain DOM,
// no React and no app code, so its script stays a few kilobytes: cover, title, handle, play and
// pause, the waveform with the played part lit (click seeks), the way to the song's page, and the
// play reported once the listener heard enough of it.

import "../../shared/zod-without-eval.ts";
import { formatTrackTimestamp } from "../../shared/track-time.ts";
import { sampledFactor, trackPlay } from "../player/play-session.ts";
import { drawPeaks, pickLevel } from "../songs/waveform-drawing.ts";
import { type EmbedClip, fetchEmbedClip, fetchEmbedWaveform, reportEmbedPlay } from "./embed-data.ts";
import { loadEmbedWords, type Say } from "./embed-words.ts";
import "./embed.css";

const root = document.getElementById("embed") as HTMLElement;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const made = Object.assign(document.createElement(tag), props);
  made.append(...children);
  return made;
}

function showMissing(say: Say): void {
  root.replaceChildren(
    element("p", { className: "embed-missing" }, [
      `${say("missing")} `,
      element("a", { href: "/", target: "_blank", rel: "noopener" }, [say("open")]),
    ]),
  );
  root.setAttribute("aria-busy", "false");
}

function render(clip: EmbedClip, say: Say): void {
  const title = clip.title.trim() || say("untitled");
  const songUrl = `${location.origin}/song/${clip.id}`;
  const duration = clip.metadata.duration ?? 0;
  const audio = element("audio", { preload: "metadata", src: clip.audio_url ?? "" });
  audio.dataset.testid = "embed-audio";
  const play = element(
    "button",
    { type: "button", className: "embed-play", ariaLabel: say("play", { title }) },
    ["▶"],
  );
  const time = element("span", { className: "embed-time" }, [`0:00 / ${formatTrackTimestamp(duration)}`]);
  const wave = element("canvas", { className: "embed-wave" });
  const played = element("canvas", { className: "embed-wave embed-wave-played" });
  const waveBox = element("div", { className: "embed-wave-box", title: say("seek") }, [wave, played]);
  const cover = clip.image_url
    ? element("img", { className: "embed-cover", src: clip.image_url, alt: "" })
    : element("div", { className: "embed-cover embed-cover-empty" });
  root.replaceChildren(
    cover,
    element("div", { className: "embed-body" }, [
      element("a", { className: "embed-title", href: songUrl, target: "_blank", rel: "noopener" }, [title]),
      element(
        "a",
        {
          className: "embed-handle",
          href: `${location.origin}/@${clip.handle}`,
          target: "_blank",
          rel: "noopener",
        },
        [`@${clip.handle}`],
      ),
      element("div", { className: "embed-controls" }, [play, waveBox]),
      element("div", { className: "embed-foot" }, [
        time,
        element("a", { href: songUrl, target: "_blank", rel: "noopener" }, [say("listen")]),
      ]),
      audio,
    ]),
  );
  root.setAttribute("aria-busy", "false");
  play.disabled = clip.audio_url === null;

  const length = () => (Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : duration);
  const showTime = () => {
    const at = audio.currentTime;
    time.textContent = `${formatTrackTimestamp(at)} / ${formatTrackTimestamp(length())}`;
    played.style.clipPath = `inset(0 ${100 - (length() > 0 ? (at / length()) * 100 : 0)}% 0 0)`;
  };
  const showPlaying = () => {
    play.textContent = audio.paused ? "▶" : "❚❚";
    play.ariaLabel = say(audio.paused ? "play" : "pause", { title });
  };
  play.addEventListener("click", () => {
    if (audio.paused) audio.play().catch((error: unknown) => console.warn("Playback did not start", error));
    else audio.pause();
  });
  for (const event of ["play", "pause", "ended"]) audio.addEventListener(event, showPlaying);
  audio.addEventListener("timeupdate", showTime);
  // A play heard here counts as one heard in the app: once per song per session, sampled alike.
  const tracker = trackPlay(clip.id, duration, 0);
  audio.addEventListener("timeupdate", () => {
    if (tracker === null || !tracker.heard(audio.currentTime)) return;
    const factor = sampledFactor(clip.play_count);
    if (factor !== null) reportEmbedPlay(clip.id, factor);
  });
  waveBox.addEventListener("click", (event) => {
    const box = waveBox.getBoundingClientRect();
    if (length() <= 0 || box.width <= 0) return;
    audio.currentTime = ((event.clientX - box.left) / box.width) * length();
    showTime();
  });

  fetchEmbedWaveform(clip.id)
    .then((waveform) => {
      const peaks = pickLevel(waveform, wave.clientWidth);
      if (peaks === null) return;
      drawPeaks(wave, peaks, { color: "#5b5d66" });
      drawPeaks(played, peaks, { color: "#ff7a45" });
      showTime();
      waveBox.dataset.drawn = "true";
    })
    .catch((error: unknown) => console.warn("No waveform", error));
}

// The song's id from /embed/{id} (the page-route table's shape, read here without its imports).
const clipId = /^\/embed\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i.exec(
  location.pathname,
)?.[1];
const say = await loadEmbedWords();
if (clipId === undefined) showMissing(say);
else
  fetchEmbedClip(clipId)
    .then((clip) => render(clip, say))
    .catch((error: unknown) => {
      console.warn("Could not load the song", error);
      showMissing(say);
    });

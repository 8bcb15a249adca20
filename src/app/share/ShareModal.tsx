import { Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { embedCode } from "../../shared/api/share.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { ApiError } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { DialogHead } from "../pages/DialogHead.tsx";
import { showToast } from "../shell/toast-store.ts";
import { SendToPeople } from "./SendToPeople.tsx";
import { makeShareLink } from "./share-api.ts";
import { closeShareModal, type ShareMode, useShareModal } from "./share-modal.ts";
import { SHARE_TARGETS } from "./share-targets.ts";
import "./share.css";

/** What a copy puts on the clipboard, and the toasts it gets: whole sentences per thing copied. */
const COPY_KEYS = {
  link: { copied: "songMenu:share.copiedLink", failed: "songMenu:share.copyLinkFailed" },
  embed: { copied: "songMenu:share.copiedEmbed", failed: "songMenu:share.copyEmbedFailed" },
} as const;

async function copy(text: string, what: keyof typeof COPY_KEYS): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast({ kind: "info", title: i18n.t(COPY_KEYS[what].copied), durationMs: 3000 });
  } catch (error) {
    console.warn(`Could not copy the ${what}`, error);
    showToast({ kind: "error", title: i18n.t(COPY_KEYS[what].failed), description: text, durationMs: 8000 });
  }
}

/** The Share modal, mounted once: it shows when a page calls openShareModal(clip). */
/** A song's share link: the song is the recommended item, so shares tell which song spread. */
const linkOf = (clipId: string, source: string) => ({
  content_type: "clip" as const,
  content_id: clipId,
  source,
  recommendation_metadata: { recommendation_item_id: clipId },
});

export function ShareModalHost() {
  const { clip, mode } = useShareModal();
  if (clip === null) return null;
  // Mounted outside the pages: it waits for its words here, not in a page's loading state.
  return (
    <Suspense fallback={null}>
      <ShareModal key={`${clip.id}-${mode}`} clipId={clip.id} title={displayTitle(clip)} mode={mode} />
    </Suspense>
  );
}

type LinkState =
  | { readonly state: "loading" }
  | { readonly state: "ready"; readonly link: string }
  | { readonly state: "failed"; readonly detail: string };

/**
 * Share to... (a short link, the sites to post it to, the embed code) or Share with friends (a
 * short link to send, through the device's own share sheet where there is one).
 */
function ShareModal({
  clipId,
  title,
  mode,
}: {
  readonly clipId: string;
  readonly title: string;
  readonly mode: ShareMode;
}) {
  const { t } = useTranslation("songMenu");
  const dialog = useRef<HTMLDialogElement>(null);
  const [link, setLink] = useState<LinkState>({ state: "loading" });
  const origin = window.location.origin;
  const source = mode === "to" ? "share_to" : "share_with_friends";

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  useEffect(() => {
    let live = true;
    makeShareLink({ ...linkOf(clipId, source), platform: "copy_link" })
      .then((answer) => live && setLink({ state: "ready", link: answer.link }))
      .catch((error: unknown) => {
        if (!live) return;
        setLink({
          state: "failed",
          detail: error instanceof ApiError ? error.detail : i18n.t("songMenu:share.linkFailed"),
        });
      });
    return () => {
      live = false;
    };
  }, [clipId, source]);

  // Each site gets its own link (its platform is the key), made as it is chosen.
  const shareTo = async (platform: string, href: (link: string, title: string) => string) => {
    const opened = window.open("", "_blank", "noopener");
    try {
      const answer = await makeShareLink({ ...linkOf(clipId, source), platform });
      if (opened) opened.location.href = href(answer.link, title);
    } catch (error) {
      opened?.close();
      showToast({
        kind: "error",
        title: t("share.couldNotShare"),
        description: error instanceof ApiError ? error.detail : undefined,
        durationMs: 5000,
      });
    }
  };

  const sendToFriends = async (shortLink: string) => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url: shortLink });
        return;
      } catch {
        // Dismissed or refused: copying is the way that remains.
      }
    }
    await copy(shortLink, "link");
  };

  const code = embedCode(origin, clipId, title);
  return (
    <dialog
      ref={dialog}
      className="share-dialog page"
      aria-label={mode === "to" ? t("share.shareTo") : t("share.shareWithFriends")}
      onClose={closeShareModal}
      data-testid="share-modal"
    >
      <DialogHead title={mode === "to" ? t("share.shareTo") : t("share.shareWithFriends")} dialog={dialog} />
      <p className="share-title">{title}</p>
      {link.state === "loading" && <p className="page-loading">{t("share.making")}</p>}
      {link.state === "failed" && (
        <p className="error" role="alert">
          {link.detail}
        </p>
      )}
      {link.state === "ready" && (
        <div className="share-row">
          <input
            readOnly
            value={link.link}
            aria-label={t("share.link")}
            data-testid="share-link"
            onFocus={(event) => event.target.select()}
          />
          {mode === "friends" ? (
            <button type="button" onClick={() => void sendToFriends(link.link)}>
              {t("share.send")}
            </button>
          ) : (
            <button type="button" onClick={() => void copy(link.link, "link")}>
              {t("share.copyLink")}
            </button>
          )}
        </div>
      )}
      {mode === "friends" && <SendToPeople clipId={clipId} />}
      {mode === "to" && link.state === "ready" && (
        <>
          <ul className="share-targets">
            {SHARE_TARGETS.map((target) => (
              <li key={target.platform}>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => void shareTo(target.platform, target.href)}
                >
                  {target.label ?? t("share.email")}
                </button>
              </li>
            ))}
          </ul>
          <label className="share-embed">
            {t("share.embed")}
            <textarea
              readOnly
              rows={4}
              value={code}
              data-testid="share-embed-code"
              onFocus={(event) => event.target.select()}
            />
          </label>
          <button type="button" className="secondary" onClick={() => void copy(code, "embed")}>
            {t("share.copyEmbed")}
          </button>
        </>
      )}
    </dialog>
  );
}

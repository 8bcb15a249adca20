import { useEffect, useRef, useState } from "react";
import { embedCode } from "../../shared/api/share.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { ApiError } from "../account/api-request.ts";
import { DialogHead } from "../pages/DialogHead.tsx";
import { showToast } from "../shell/toast-store.ts";
import { SendToPeople } from "./SendToPeople.tsx";
import { makeShareLink } from "./share-api.ts";
import { closeShareModal, type ShareMode, useShareModal } from "./share-modal.ts";
import { SHARE_TARGETS } from "./share-targets.ts";
import "./share.css";

async function copy(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast({ kind: "info", title: `Copied ${what} to clipboard`, durationMs: 3000 });
  } catch (error) {
    console.warn(`Could not copy the ${what}`, error);
    showToast({ kind: "error", title: `Could not copy the ${what}`, description: text, durationMs: 8000 });
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
  return <ShareModal key={`${clip.id}-${mode}`} clipId={clip.id} title={displayTitle(clip)} mode={mode} />;
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
          detail: error instanceof ApiError ? error.detail : "The link could not be made",
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
        title: "Could not share",
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
      aria-label={mode === "to" ? "Share to..." : "Share with friends"}
      onClose={closeShareModal}
      data-testid="share-modal"
    >
      <DialogHead title={mode === "to" ? "Share to..." : "Share with friends"} dialog={dialog} />
      <p className="share-title">{title}</p>
      {link.state === "loading" && <p className="page-loading">Making the link...</p>}
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
            aria-label="Share link"
            data-testid="share-link"
            onFocus={(event) => event.target.select()}
          />
          {mode === "friends" ? (
            <button type="button" onClick={() => void sendToFriends(link.link)}>
              Send
            </button>
          ) : (
            <button type="button" onClick={() => void copy(link.link, "link")}>
              Copy Link
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
                  {target.label}
                </button>
              </li>
            ))}
          </ul>
          <label className="share-embed">
            Embed
            <textarea
              readOnly
              rows={4}
              value={code}
              data-testid="share-embed-code"
              onFocus={(event) => event.target.select()}
            />
          </label>
          <button type="button" className="secondary" onClick={() => void copy(code, "embed code")}>
            Copy embed code
          </button>
        </>
      )}
    </dialog>
  );
}

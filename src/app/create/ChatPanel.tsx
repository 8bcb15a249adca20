import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { formPathFrom } from "../../shared/create/create-query.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { navigate } from "../router/history-router.ts";
import { useClips } from "../shell/clips-store.ts";
import { ClipPlayButton } from "../songs/ClipPlayButton.tsx";
import { clipStatusLabel } from "../songs/clip-status.ts";
import { type ChatMessage, sendChatMessage, useChatMessages } from "./chat-flow.ts";
import { fetchClip } from "./workspace-clips.ts";
import "./chat.css";

function ReplySong({ first }: { readonly first: Clip }) {
  // The song list follows the clip's progress; the reply shows the latest it knows.
  const live = useClips((state) => state.byId[first.id]?.clip);
  const clip = live ?? first;
  const title = displayTitle(clip);
  return (
    <li className="chat-song" data-testid="chat-reply-song" data-clip-id={clip.id} data-status={clip.status}>
      <ClipPlayButton clip={clip} />
      <span className="chat-song-title">{title}</span>
      <span className={`clip-status clip-status-${clip.status}`}>{clipStatusLabel(clip.status)}</span>
    </li>
  );
}

function MessageBubble({ message }: { readonly message: ChatMessage }) {
  return (
    <li
      className={`chat-message chat-${message.role}${message.failed ? " chat-failed" : ""}`}
      data-testid={`chat-${message.role}`}
    >
      <p>{message.text}</p>
      {message.clips.length > 0 && (
        <ul className="chat-songs">
          {message.clips.map((clip) => (
            <ReplySong key={clip.id} first={clip} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * mode=chat: a conversation about one song, in place of the form. Each message makes new songs from
 * it (a cover described by the message) into the current workspace; they come back as replies.
 */
export function ChatPanel({ refId, wid }: { readonly refId: string; readonly wid: string | null }) {
  const { t } = useTranslation("create");
  const [reference, setReference] = useState<Clip | null | "missing">(null);
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const messages = useChatMessages(refId);

  useEffect(() => {
    let current = true;
    setReference(null);
    void fetchClip(refId).then((clip) => {
      if (current) setReference(clip ?? "missing");
    });
    return () => {
      current = false;
    };
  }, [refId]);

  const send = async () => {
    if (reference === null || reference === "missing" || draft.trim() === "") return;
    setSending(true);
    try {
      if (await sendChatMessage(reference, draft, wid)) setDraft("");
    } finally {
      setSending(false);
    }
  };

  const back = (
    <button
      type="button"
      className="create-small-button"
      onClick={() => navigate(formPathFrom(window.location.search))}
    >
      {t("chatPanel.backToTheForm")}
    </button>
  );

  if (reference === null) {
    return (
      <section className="panel create-chat" aria-busy="true">
        <p>{t("chatPanel.loadingTheSong")}</p>
      </section>
    );
  }
  if (reference === "missing") {
    return (
      <section className="panel create-chat" aria-labelledby="create-chat-title">
        <h2 id="create-chat-title">{t("chatPanel.chat")}</h2>
        <p role="alert">{t("chatPanel.thisSongCouldNot")}</p>
        {back}
      </section>
    );
  }
  const title = reference.title || "Untitled";
  return (
    <section className="panel create-chat" aria-labelledby="create-chat-title" data-testid="chat-panel">
      <div className="chat-head">
        <h2 id="create-chat-title">{t("chatPanel.chat")}</h2>
        {back}
      </div>
      <div className="chat-reference" data-testid="chat-reference">
        {reference.image_url && <img src={reference.image_url} alt="" width={48} height={48} />}
        <div>
          <span className="chat-reference-title">{title}</span>
          <span className="clip-tags">{reference.display_tags ?? reference.metadata.tags ?? ""}</span>
        </div>
      </div>
      <ol className="chat-messages" aria-live="polite">
        <li className="chat-message chat-assistant chat-intro">
          <p>
            {t("chatPanel.tellMeHowTo")}
            {title}
            {t("chatPanel.eachMessageMakesNew")}
          </p>
        </li>
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
      </ol>
      <form
        className="chat-compose"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <textarea
          aria-label={t("chatPanel.message")}
          placeholder={t("chatPanel.makeItASlow")}
          rows={2}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              void send();
            }
          }}
        />
        <button type="submit" className="create-submit" disabled={sending || draft.trim() === ""}>
          {sending ? t("chatPanel.sending") : t("chatPanel.send")}
        </button>
      </form>
    </section>
  );
}

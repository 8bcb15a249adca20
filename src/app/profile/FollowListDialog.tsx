import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { servedImageSize, sizedImageUrl } from "../../shared/api/images.ts";
import type { ProfileListResponse } from "../../shared/api/profiles.ts";
import { DialogHead } from "../pages/DialogHead.tsx";
import { Link } from "../router/Link.tsx";
import { profilePath } from "../router/profile-path.ts";
import { fetchFollowList } from "./profile-api.ts";

type Entry = ProfileListResponse["profiles"][number];

/** A profile's followers or the people it follows, in pages of 20, in a modal dialog. */
export function FollowListDialog({
  handle,
  list,
  onClose,
}: {
  readonly handle: string;
  readonly list: "followers" | "following";
  readonly onClose: () => void;
}) {
  const { t } = useTranslation("profile");
  const dialog = useRef<HTMLDialogElement>(null);
  const [entries, setEntries] = useState<readonly Entry[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  useEffect(() => {
    let live = true;
    setState("loading");
    fetchFollowList(handle, list, page)
      .then((answer) => {
        if (!live) return;
        setEntries((known) => (page === 1 ? answer.profiles : [...known, ...answer.profiles]));
        setHasMore(answer.has_more);
        setState("ready");
      })
      .catch((error: unknown) => {
        console.warn(`Could not load ${list}`, error);
        if (live) setState("failed");
      });
    return () => {
      live = false;
    };
  }, [handle, list, page]);

  const title = list === "followers" ? t("followList.followers") : t("followList.following");
  return (
    <dialog
      ref={dialog}
      className="profile-dialog"
      aria-label={title}
      onClose={onClose}
      data-testid="follow-list"
    >
      <DialogHead title={title} dialog={dialog} />
      {state === "failed" && (
        <p className="error" role="alert">
          {t("followList.failed")}
        </p>
      )}
      {state === "ready" && entries.length === 0 && (
        <p className="create-empty">
          {list === "followers" ? t("followList.noFollowers") : t("followList.noFollowing")}
        </p>
      )}
      <ul className="follow-list">
        {entries.map((entry) => (
          <li key={entry.handle}>
            <Link href={profilePath(entry.handle)} onClick={() => dialog.current?.close()}>
              <ProfileAvatar url={entry.avatar_image_url} name={entry.display_name} size={32} />
              <span>{entry.display_name}</span> <span className="profile-handle">@{entry.handle}</span>
            </Link>
          </li>
        ))}
      </ul>
      {state === "loading" && <p className="page-loading">{t("followList.loading")}</p>}
      {hasMore && state === "ready" && (
        <button type="button" className="secondary" onClick={() => setPage((current) => current + 1)}>
          {t("followList.more")}
        </button>
      )}
    </dialog>
  );
}

/** A round avatar, or the name's first letter on a plain disc when there is no image. */
export function ProfileAvatar({
  url,
  name,
  size,
}: {
  readonly url: string | null;
  readonly name: string;
  readonly size: number;
}) {
  const style = { width: size, height: size, fontSize: size / 2.4 };
  return url === null ? (
    <span className="profile-avatar profile-avatar-empty" style={style} aria-hidden="true">
      {name.trim().slice(0, 1).toUpperCase() || "?"}
    </span>
  ) : (
    <img
      className="profile-avatar"
      src={sizedImageUrl(url, servedImageSize(size, globalThis.devicePixelRatio))}
      alt=""
      width={size}
      height={size}
      style={style}
    />
  );
}

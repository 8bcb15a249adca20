import { useTranslation } from "react-i18next";
import type { Clip, ReactionType } from "../../shared/api/clips.ts";
import { songPath } from "../../shared/song-link.ts";
import { toggledReaction } from "../../shared/song-menu/reaction-rules.ts";
import { loginPathFor } from "../account/safe-next.ts";
import { useAccount } from "../account/session-store.ts";
import { currentLocation, navigate } from "../router/history-router.ts";
import { react } from "./clip-toggles.ts";
import { useLatestClips } from "./use-latest-clips.ts";

/**
 * Like and Dislike with the like count: each press shows at once and goes back if the server
 * refuses it. The signed out are sent to sign in, and back here after.
 */
export function ReactionButtons({ clip: given }: { readonly clip: Clip }) {
  // Beside a song that appears after its page's first render: waits for its words rather than
  // suspending the page under it.
  const { t, ready } = useTranslation("songMenu", { useSuspense: false });
  const signedIn = useAccount((state) => state.session?.user != null);
  const [clip = given] = useLatestClips([given]);
  const current = clip.reaction?.reaction_type ?? null;
  const press = (pressed: ReactionType) => {
    if (!signedIn) {
      navigate(loginPathFor(`${songPath(clip.id)}${currentLocation().search}`));
      return;
    }
    void react(clip, toggledReaction(current, pressed));
  };
  const liked = current === "L";
  const disliked = current === "D";
  if (!ready) return null;
  return (
    <>
      <button
        type="button"
        className="secondary"
        aria-pressed={liked}
        aria-label={liked ? t("reactions.unlike") : t("reactions.like")}
        onClick={() => press("L")}
      >
        {liked ? "♥" : "♡"}
      </button>
      {/* Beside the button, not in it: the button's name is its action, and the count is read after. */}
      <span className="like-count" data-testid="song-likes">
        {clip.upvote_count}
      </span>
      <button
        type="button"
        className="secondary"
        aria-pressed={disliked}
        aria-label={disliked ? t("reactions.removeDislike") : t("reactions.dislike")}
        onClick={() => press("D")}
      >
        👎
      </button>
    </>
  );
}

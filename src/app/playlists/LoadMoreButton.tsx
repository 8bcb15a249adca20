import { useTranslation } from "react-i18next";

/** The button under a playlist's songs that fetches the next page, saying so while it does. */
export function LoadMoreButton({
  loading,
  onLoad,
}: {
  readonly loading: boolean;
  readonly onLoad: () => void;
}) {
  const { t } = useTranslation("playlist");
  return (
    <button type="button" className="player-small-button" disabled={loading} onClick={onLoad}>
      {loading ? t("playlistPage.loading") : t("playlistPage.loadMore")}
    </button>
  );
}

import { useTranslation } from "react-i18next";
import { PageHeader } from "../account/PageHeader.tsx";
import { EngineCheck } from "../EngineCheck.tsx";
import { Link } from "../router/Link.tsx";
import { useLocation } from "../router/use-location.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { DiscoverSections } from "./DiscoverSections.tsx";
import { PromoSidebar } from "./PromoSidebar.tsx";
import { PublicFeed } from "./PublicFeed.tsx";
import { TrendingLists } from "./TrendingLists.tsx";
import "../create/create.css";
import "./home.css";

/** / and /home: discover sections (or, with ?tab=feed, the public feed), and the sidebar. */
export function HomePage() {
  const { t } = useTranslation("home");
  const { search } = useLocation();
  const feed = new URLSearchParams(search).get("tab") === "feed";
  return (
    <div className="home-page">
      <PageHeader current="home" />
      <div className="home-layout">
        <main className="home-main">
          <nav className="home-tabs" aria-label={t("homePage.home")}>
            <Link href="/home" aria-current={feed ? undefined : "page"}>
              {t("homePage.discover")}
            </Link>
            <Link href="/home?tab=feed" aria-current={feed ? "page" : undefined}>
              {t("homePage.feed")}
            </Link>
          </nav>
          {feed ? <PublicFeed /> : <DiscoverSections />}
        </main>
        <div className="home-side">
          <PromoSidebar />
          <TrendingLists />
          <EngineCheck />
        </div>
      </div>
      <Toasts />
    </div>
  );
}

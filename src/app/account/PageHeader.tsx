import { useTranslation } from "react-i18next";
import { NotificationBell } from "../notifications/NotificationBell.tsx";
import { Link } from "../router/Link.tsx";
import { AccountMenu } from "./AccountMenu.tsx";
import { HeaderSearch } from "./HeaderSearch.tsx";
import { useAccount } from "./session-store.ts";

export type HeaderPlace = "home" | "create" | "library" | "studio";

const LINKS: readonly { readonly place: HeaderPlace; readonly href: string; readonly key: string }[] = [
  { place: "create", href: "/create", key: "nav.create" },
  { place: "library", href: "/me", key: "nav.library" },
  { place: "studio", href: "/studio", key: "nav.studio" },
];

/**
 * Every page's header: brand, the Create, Library and Studio links (the current one marked), the
 * notification bell, and the account corner (handle, plan, credits).
 */
export function PageHeader({ current }: { readonly current?: HeaderPlace }) {
  const { t } = useTranslation();
  const userId = useAccount((state) => state.session?.user?.id ?? null);
  return (
    <header className="create-header" data-testid="page-header">
      <Link href="/" className="create-brand">
        Tunesmith
      </Link>
      <nav className="create-nav" aria-label={t("nav.main")}>
        {LINKS.map((link) => (
          <Link key={link.place} href={link.href} aria-current={current === link.place ? "page" : undefined}>
            {t(link.key)}
          </Link>
        ))}
      </nav>
      <HeaderSearch />
      <NotificationBell userId={userId} />
      <AccountMenu />
    </header>
  );
}

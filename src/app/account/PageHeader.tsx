import { NotificationBell } from "../notifications/NotificationBell.tsx";
import { Link } from "../router/Link.tsx";
import { AccountMenu } from "./AccountMenu.tsx";
import { HeaderSearch } from "./HeaderSearch.tsx";
import { useAccount } from "./session-store.ts";

export type HeaderPlace = "home" | "create" | "library" | "studio";

const LINKS: readonly { readonly place: HeaderPlace; readonly href: string; readonly label: string }[] = [
  { place: "create", href: "/create", label: "Create" },
  { place: "library", href: "/me", label: "Library" },
  { place: "studio", href: "/studio", label: "Studio" },
];

/**
 * Every page's header: brand, the Create, Library and Studio links (the current one marked), the
 * notification bell, and the account corner (handle, plan, credits).
 */
export function PageHeader({ current }: { readonly current?: HeaderPlace }) {
  const userId = useAccount((state) => state.session?.user?.id ?? null);
  return (
    <header className="create-header" data-testid="page-header">
      <Link href="/" className="create-brand">
        Tunesmith
      </Link>
      <nav className="create-nav" aria-label="Main">
        {LINKS.map((link) => (
          <Link key={link.place} href={link.href} aria-current={current === link.place ? "page" : undefined}>
            {link.label}
          </Link>
        ))}
      </nav>
      <HeaderSearch />
      <NotificationBell userId={userId} />
      <AccountMenu />
    </header>
  );
}

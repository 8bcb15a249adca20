import { PageHeader } from "../account/PageHeader.tsx";
import { Link } from "../router/Link.tsx";

export interface HeadTab {
  readonly label: string;
  readonly href: string;
  readonly current: boolean;
}

/** The library pages' top: the page header, the page's title and its tabs. */
export function LibraryHead({
  title,
  tabsLabel,
  tabs,
}: {
  readonly title: string;
  readonly tabsLabel: string;
  readonly tabs: readonly HeadTab[];
}) {
  return (
    <>
      <PageHeader current="library" />
      <div className="library-head">
        <h1>{title}</h1>
        <nav className="library-tabs" aria-label={tabsLabel}>
          {tabs.map((tab) => (
            <Link key={tab.href} href={tab.href} aria-current={tab.current ? "page" : undefined}>
              {tab.label}
            </Link>
          ))}
        </nav>
      </div>
    </>
  );
}

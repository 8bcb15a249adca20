import { useTranslation } from "react-i18next";
import { PageHeader } from "./account/PageHeader.tsx";
import { Link } from "./router/Link.tsx";

export function NotFoundPage() {
  const { t } = useTranslation("common");
  return (
    <main className="page">
      <PageHeader />
      <header className="page-header">
        <h1>{t("notFoundPage.pageNotFound")}</h1>
        <p>{t("notFoundPage.thereIsNothingAt")}</p>
      </header>
      <Link className="button-link" href="/">
        {t("notFoundPage.goHome")}
      </Link>
    </main>
  );
}

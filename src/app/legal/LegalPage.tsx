import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type LegalDocument, legalDocumentSchema } from "../../shared/api/account.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { Markdown } from "./markdown.tsx";
import "./legal.css";

/** /legal/terms and /legal/privacy: the operator's text (or the shipped one) and its version. */
export default function LegalPage({ document }: { readonly document: "terms" | "privacy" }) {
  const { t } = useTranslation("common");
  const [text, setText] = useState<LegalDocument | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    setText(null);
    apiRequest(`/api/legal/${document}`, legalDocumentSchema)
      .then(setText)
      .catch((error) =>
        setFailure(error instanceof ApiError ? error.detail : "Could not load the text. Try again."),
      );
  }, [document]);
  return (
    <main className="page legal-page">
      <PageHeader />
      {failure && (
        <p className="error" role="alert">
          {failure}
        </p>
      )}
      {text === null && failure === null && <p className="page-loading">{t("legalPage.loading")}</p>}
      {text && (
        <article className="panel legal-text">
          <Markdown text={text.markdown} />
          <p className="legal-version">
            {t("legalPage.version")} {text.version}
          </p>
        </article>
      )}
    </main>
  );
}

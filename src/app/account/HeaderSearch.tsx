import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SEARCH_TEXT_MAX } from "../../shared/api/clips.ts";
import { searchHref } from "../../shared/discovery/tags.ts";
import { navigate } from "../router/history-router.ts";
import "./header-search.css";

/** The header's search box: Enter opens the search page for the words. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const [term, setTerm] = useState("");
  return (
    <search className="header-search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (term.trim()) navigate(searchHref("words", term));
        }}
      >
        <input
          type="search"
          aria-label={t("search.label")}
          placeholder={t("search.placeholder")}
          maxLength={SEARCH_TEXT_MAX}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          data-testid="header-search"
        />
      </form>
    </search>
  );
}

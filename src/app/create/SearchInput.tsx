import { useTranslation } from "react-i18next";
export interface SearchInputProps {
  /** The field's accessible name. */
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/** A create-page search field, placeholder "Search". */
export function SearchInput({ label, value, onChange }: SearchInputProps) {
  const { t } = useTranslation("create");
  return (
    <input
      type="search"
      aria-label={label}
      placeholder={t("searchInput.search")}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  isPromoHidden,
  newPromoRecord,
  PROMO_STORAGE_KEY,
  type PromoRecord,
  readPromoRecord,
  recordHide,
  recordImpression,
} from "../../shared/discovery/promo.ts";
import { Link } from "../router/Link.tsx";

const PROMO_ID = "create-your-song";
const SLIDE_ID = "create";

function stored(): PromoRecord {
  try {
    return (
      readPromoRecord(localStorage.getItem(PROMO_STORAGE_KEY)) ??
      newPromoRecord(PROMO_ID, SLIDE_ID, Date.now())
    );
  } catch {
    // Storage refused (private mode, a sandbox): the sidebar then has no memory.
    return newPromoRecord(PROMO_ID, SLIDE_ID, Date.now());
  }
}

function store(record: PromoRecord): void {
  try {
    localStorage.setItem(PROMO_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // As above: nothing kept.
  }
}

/** The promo sidebar: hidden for this visit by Hide, and for 48 hours once hidden twice within 48 hours. */
export function PromoSidebar() {
  const { t } = useTranslation("home");
  const [hidden, setHidden] = useState(() => isPromoHidden(stored(), Date.now()));
  useEffect(() => {
    if (!hidden) store(recordImpression(stored(), Date.now()));
  }, [hidden]);
  if (hidden) return null;
  return (
    <aside className="promo panel" aria-label={t("promoSidebar.promotion")} data-testid="promo-sidebar">
      <h2>{t("promoSidebar.makeYourOwnSong")}</h2>
      <p>{t("promoSidebar.describeItInA")}</p>
      <Link className="button-link" href="/create">
        {t("promoSidebar.createASong")}
      </Link>
      <button
        type="button"
        className="promo-hide"
        onClick={() => {
          store(recordHide(stored(), Date.now()));
          setHidden(true);
        }}
      >
        {t("promoSidebar.hide")}
      </button>
    </aside>
  );
}

import "../shared/zod-without-eval.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { applyTheme, savedTheme } from "../studio/ui/theme.ts";
import { App } from "./App.tsx";
import { followAccountLanguage } from "./account/language-choice.ts";
import { startTexts } from "./i18n/i18n.ts";
import "../ui/tokens.css";
import "../ui/widgets.css";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// Every page shows the theme chosen in the studio (kept in this browser), from its first paint.
applyTheme(savedTheme());
// The first render waits for the common texts, so no page flashes untranslated keys.
await startTexts();
followAccountLanguage();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

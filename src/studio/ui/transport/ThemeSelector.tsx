import { useEffect } from "react";
import type { ThemeChoice } from "../../store/studio-state.ts";
import { useSession, useStudio } from "../studio-context.ts";
import { applyTheme, followSystemTheme } from "../theme.ts";

const CHOICES: readonly { readonly id: ThemeChoice; readonly label: string }[] = [
  { id: "dark", label: "Dark" },
  { id: "light", label: "Light" },
  { id: "system", label: "System" },
];

export function ThemeSelector() {
  const { controller } = useSession();
  const theme = useStudio((state) => state.ui.theme);
  useEffect(() => followSystemTheme(theme), [theme]);
  return (
    <label className="theme-selector">
      <span className="visually-hidden">Theme</span>
      <select
        aria-label="Theme"
        value={theme}
        onChange={(event) => {
          const choice = event.target.value as ThemeChoice;
          applyTheme(choice);
          controller.setUi({ theme: choice });
        }}
      >
        {CHOICES.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

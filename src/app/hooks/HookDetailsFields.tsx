import { useTranslation } from "react-i18next";

export interface HookDetails {
  readonly title: string;
  readonly caption: string;
  readonly allowComments: boolean;
  readonly showLyrics: boolean;
  /** On: the video's own sound is heard and the song is silent; off: the reverse. */
  readonly videoSound: boolean;
}

/** The hook's title, caption and switches. */
export function HookDetailsFields({
  details,
  onChange,
}: {
  readonly details: HookDetails;
  readonly onChange: (details: HookDetails) => void;
}) {
  const { t } = useTranslation("hooks");
  const toggle = (name: "allowComments" | "showLyrics" | "videoSound", label: string, help?: string) => (
    <label className="hook-toggle">
      <input
        type="checkbox"
        checked={details[name]}
        data-testid={`hook-${name}`}
        onChange={(event) => onChange({ ...details, [name]: event.target.checked })}
      />
      <span>{label}</span>
      {help && <small className="hook-help">{help}</small>}
    </label>
  );
  return (
    <div className="hook-details">
      <label className="hook-field">
        <span>{t("title")}</span>
        <input
          type="text"
          maxLength={100}
          value={details.title}
          data-testid="hook-title"
          onChange={(event) => onChange({ ...details, title: event.target.value })}
        />
      </label>
      <label className="hook-field">
        <span>{t("caption")}</span>
        <textarea
          maxLength={500}
          rows={2}
          value={details.caption}
          data-testid="hook-caption"
          onChange={(event) => onChange({ ...details, caption: event.target.value })}
        />
      </label>
      {toggle("allowComments", t("allowComments"))}
      {toggle("showLyrics", t("showLyrics"))}
      {toggle("videoSound", t("videoSound"), t("videoSoundHelp"))}
    </div>
  );
}

// Who may build on a song (cover, extend, replace a section, paint, stems, samples): its owner
// always; others when it is public and its owner has not turned Allow Remixes off. Songs are made
// with remixes allowed, and a song that never had the setting counts as allowing them.

/** The setting as a song's metadata carries it. */
export interface RemixSetting {
  readonly can_remix?: boolean | null;
}

export const othersMayRemix = (metadata: RemixSetting): boolean => metadata.can_remix !== false;

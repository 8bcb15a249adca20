/** A profile page's path: /@{handle}. */
export const profilePath = (handle: string): string => `/@${encodeURIComponent(handle)}`;

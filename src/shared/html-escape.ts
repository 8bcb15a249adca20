/** Text safe inside a double-quoted attribute or an element: the five characters HTML gives meaning. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

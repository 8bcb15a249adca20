// Which pages show the global player: every page but the studio and the editors, which have a
// transport of their own.

const OWN_TRANSPORT = [/^\/studio(\/|$)/, /^\/edit(-[^/]*)?(\/|$)/];

export const showsGlobalPlayer = (pathname: string): boolean =>
  !OWN_TRANSPORT.some((pattern) => pattern.test(pathname));

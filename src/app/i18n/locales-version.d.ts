/** A hash of the locale files, set by the build (vite.config.ts): the version query of every text file. */
declare const __LOCALES_VERSION__: string;

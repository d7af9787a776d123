/** The application version, from the root package.json at build time. */
export const APP_VERSION = '0.1.0';

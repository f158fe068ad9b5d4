/** The renderer's origin, app://lorewright (see app-protocol.ts); no electron import, so tests can use it. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'lorewright';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

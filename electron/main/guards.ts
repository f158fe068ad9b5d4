/**
 * The Electron security checks as plain functions (no electron import), so tests run them without the binary:
 * which frame may call the API, where the window may navigate, and which permission requests are granted (none).
 */
import { APP_HOST, APP_SCHEME } from './app-origin.ts';

/** Only our own pages, served from app://lorewright/, may use the API (not an iframe or a page navigated to). */
export function isTrustedFrameUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST;
  } catch {
    return false;
  }
}

/** In-app routes change only the hash of the index page; any other navigation (top frame or subframe) is denied. */
export function isAllowedNavigation(url: string, indexUrl: string): boolean {
  return url.split('#')[0] === indexUrl;
}

/** Links the app may hand to the system browser instead of navigating to them. */
export function isExternalLink(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** The app needs no camera, microphone, notifications, geolocation, clipboard-read, MIDI…: every request is denied. */
export function permissionDecision(_permission: string): false {
  return false;
}

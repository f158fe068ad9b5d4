/** How an entry is named wherever a list points at it (lint, related entries): its title and its keys, never a number. */
import type { Translate } from '../i18n/index.ts';

const SHOWN_KEYS = 3;

export function entryLabel(entry: Record<string, unknown> | undefined, id: string, t: Translate): string {
  const title = String(entry?.comment ?? '').trim();
  const keys = Array.isArray(entry?.key) ? entry.key.map(String).filter((k) => k.trim() !== '') : [];
  const shown = keys.slice(0, SHOWN_KEYS).join(', ') + (keys.length > SHOWN_KEYS ? ', …' : '');
  if (title && shown) return t('lb.entryLabel', { title, keys: shown });
  return title || shown || t('lb.untitled', { uid: String(entry?.uid ?? id) });
}

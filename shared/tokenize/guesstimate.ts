// SillyTavern's offline estimate (≥1.17, docs/world-info-scenarios.md#token-estimate): ceil(UTF-8 bytes / 3.35), 0 for ''.
import type { Tokenizer } from './types.ts';

const BYTES_PER_TOKEN = 3.35;

/** UTF-8 length as TextEncoder produces it: a lone surrogate becomes U+FFFD (3 bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

export const guesstimate: Tokenizer = {
  name: 'guesstimate',
  exact: false,
  count: (text) => (text.length === 0 ? 0 : Math.ceil(utf8Length(text) / BYTES_PER_TOKEN)),
  measure: utf8Length,
  fromMeasure: (bytes) => Math.ceil(bytes / BYTES_PER_TOKEN),
};

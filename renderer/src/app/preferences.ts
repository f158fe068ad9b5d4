/** Per-user preferences kept in the browser profile (the renderer's own storage; nothing here is a document). */
import type { TokenizerName } from '../../../shared/tokenize/index.ts';
import { tokenizerNames } from '../../../shared/tokenize/index.ts';
import type { Locale } from '../i18n/index.ts';
import { LOCALES } from '../i18n/index.ts';

const TOKENIZER_KEY = 'lorewright.tokenizer';
const LOCALE_KEY = 'lorewright.locale';

export function readTokenizer(): TokenizerName {
  const v = localStorage.getItem(TOKENIZER_KEY);
  return (tokenizerNames as readonly string[]).includes(v ?? '') ? (v as TokenizerName) : 'guesstimate';
}

export function writeTokenizer(name: TokenizerName): void {
  localStorage.setItem(TOKENIZER_KEY, name);
}

export function readLocale(): Locale | 'auto' {
  const v = localStorage.getItem(LOCALE_KEY);
  return (LOCALES as readonly string[]).includes(v ?? '') ? (v as Locale) : 'auto';
}

export function writeLocale(locale: Locale | 'auto'): void {
  localStorage.setItem(LOCALE_KEY, locale);
}

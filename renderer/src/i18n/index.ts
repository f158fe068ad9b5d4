/**
 * The i18n layer: every user-facing string goes through `t`; English fills any key a locale lacks. Messages may
 * hold `{{macro}}` text (left alone) and ICU-style plurals, `{n, plural, one {# book} other {# books}}` (categories from `Intl.PluralRules`, `=0`
 * for an exact value, `#` for the formatted number). Numbers are formatted, and `t.date`, `t.number` and `t.list`
 * format in the interface language (not the browser's), all through the platform's `Intl`.
 */
import { createContext, useContext } from 'react';
import { en } from './en.ts';
import type { MessageKey, Messages } from './en.ts';
import { zhCN } from './zh-CN.ts';
import { ptBR } from './pt-BR.ts';

export type Locale = 'en' | 'zh-CN' | 'pt-BR';
export const LOCALES: readonly Locale[] = ['en', 'zh-CN', 'pt-BR'];
const TABLES: Record<Locale, Partial<Messages>> = { en, 'zh-CN': zhCN, 'pt-BR': ptBR };

export interface Translate {
  (key: MessageKey, vars?: Record<string, string | number>): string;
  readonly locale: Locale;
  /** A point in time (epoch milliseconds), date and time, as people of this language write it. */
  date(ms: number): string;
  number(n: number): string;
  /** "a, b and c" in this language. */
  list(items: readonly string[]): string;
}

export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('pt')) return 'pt-BR';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

/** `{name, plural, cat {text} …}`: the options hold no nested braces. */
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|\w+)\s*\{[^{}]*\})+)\s*\}/g;
const OPTION = /(=\d+|\w+)\s*\{([^{}]*)\}/g;

export function translator(locale: Locale): Translate {
  const table = TABLES[locale];
  const numbers = new Intl.NumberFormat(locale);
  const plurals = new Intl.PluralRules(locale);
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const lists = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
  const show = (v: string | number): string => (typeof v === 'number' ? numbers.format(v) : v);
  const t = (key: MessageKey, vars?: Record<string, string | number>): string => {
    const template = table[key] ?? en[key];
    if (!vars) return template;
    return template
      .replace(PLURAL, (m, name: string, options: string) => {
        const n = Number(vars[name]);
        if (!(name in vars) || Number.isNaN(n)) return m;
        const choices = new Map([...options.matchAll(OPTION)].map((o) => [o[1] ?? '', o[2] ?? '']));
        const text = choices.get(`=${n}`) ?? choices.get(plurals.select(n)) ?? choices.get('other') ?? m;
        return text.replace(/#/g, numbers.format(n));
      })
      .replace(/(?<!\{)\{(\w+)\}(?!\})/g, (m, name: string) => (name in vars ? show(vars[name]!) : m));
  };
  return Object.assign(t, {
    locale,
    date: (ms: number) => dates.format(ms),
    number: (n: number) => numbers.format(n),
    list: (items: readonly string[]) => lists.format(items),
  });
}

export const I18nContext = createContext<Translate>(translator('en'));
export const useT = (): Translate => useContext(I18nContext);

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
/** `{name}`, but not `{{macro}}`. */
const VARIABLE = /(?<!\{)\{(\w+)\}(?!\})/g;

interface Plural {
  name: string;
  /** Option text by category (`one`, `other`, `=0`…). */
  choices: Map<string, string>;
  /** The plural as written, kept when its count is missing. */
  written: string;
}

/** A `{name}` placeholder of a message without plurals. */
interface Variable {
  variable: string;
  written: string;
}

/**
 * A message split once into text, plurals and placeholders, so formatting it again parses nothing. With plurals,
 * placeholders are filled in the text the plurals leave, as when the message was one string.
 */
type Compiled = { parts: (string | Variable)[]; plurals: false } | { parts: (string | Plural)[]; plurals: true };

function split<T>(template: string, pattern: RegExp, part: (m: RegExpExecArray) => T): (string | T)[] {
  const parts: (string | T)[] = [];
  let at = 0;
  for (const m of template.matchAll(pattern)) {
    if (m.index > at) parts.push(template.slice(at, m.index));
    parts.push(part(m));
    at = m.index + m[0].length;
  }
  if (at < template.length) parts.push(template.slice(at));
  return parts;
}

function compile(template: string): Compiled {
  const plurals = split(template, PLURAL, (m) => ({
    name: m[1] ?? '',
    choices: new Map([...(m[2] ?? '').matchAll(OPTION)].map((o) => [o[1] ?? '', o[2] ?? ''])),
    written: m[0],
  }));
  if (plurals.some((p) => typeof p !== 'string')) return { parts: plurals, plurals: true };
  return { parts: split(template, VARIABLE, (m) => ({ variable: m[1] ?? '', written: m[0] })), plurals: false };
}

export function translator(locale: Locale): Translate {
  const table = TABLES[locale];
  const numbers = new Intl.NumberFormat(locale);
  const plurals = new Intl.PluralRules(locale);
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const lists = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
  const show = (v: string | number): string => (typeof v === 'number' ? numbers.format(v) : v);
  // Messages are formatted for every line of a preview result while typing: each is parsed once per language.
  const compiled = new Map<MessageKey, Compiled>();
  const plural = (p: Plural, vars: Record<string, string | number>): string => {
    const n = Number(vars[p.name]);
    if (!(p.name in vars) || Number.isNaN(n)) return p.written;
    const text = p.choices.get(`=${n}`) ?? p.choices.get(plurals.select(n)) ?? p.choices.get('other') ?? p.written;
    return text.replace(/#/g, numbers.format(n));
  };
  const t = (key: MessageKey, vars?: Record<string, string | number>): string => {
    const template = table[key] ?? en[key];
    if (!vars) return template;
    let message = compiled.get(key);
    if (!message) compiled.set(key, (message = compile(template)));
    let text = '';
    if (!message.plurals) {
      for (const part of message.parts)
        text += typeof part === 'string' ? part : part.variable in vars ? show(vars[part.variable]!) : part.written;
      return text;
    }
    for (const part of message.parts) text += typeof part === 'string' ? part : plural(part, vars);
    return text.replace(VARIABLE, (m, name: string) => (name in vars ? show(vars[name]!) : m));
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

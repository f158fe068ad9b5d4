/** The i18n layer: every user-facing string goes through `t`; English fills any key a locale lacks. */
import { createContext, useContext } from 'react';
import { en } from './en.ts';
import type { MessageKey, Messages } from './en.ts';
import { zhCN } from './zh-CN.ts';
import { ptBR } from './pt-BR.ts';

export type Locale = 'en' | 'zh-CN' | 'pt-BR';
export const LOCALES: readonly Locale[] = ['en', 'zh-CN', 'pt-BR'];
const TABLES: Record<Locale, Partial<Messages>> = { en, 'zh-CN': zhCN, 'pt-BR': ptBR };

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('pt')) return 'pt-BR';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

export function translator(locale: Locale): Translate {
  const table = TABLES[locale];
  return (key, vars) => {
    const template = table[key] ?? en[key];
    return vars ? template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : template;
  };
}

export const I18nContext = createContext<Translate>(translator('en'));
export const useT = (): Translate => useContext(I18nContext);

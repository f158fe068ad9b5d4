// Every interface string exists in every language, with the same placeholders as the English source.
import { describe, expect, it } from 'vitest';
import { en } from '../../renderer/src/i18n/en.ts';
import { zhCN } from '../../renderer/src/i18n/zh-CN.ts';
import { ptBR } from '../../renderer/src/i18n/pt-BR.ts';
import { translator } from '../../renderer/src/i18n/index.ts';

/** The variables a message uses, plain (`{n}`) or as a plural (`{n, plural, …}`). */
const placeholders = (s: string): string[] =>
  [...new Set([...s.matchAll(/(?<!\{)\{(\w+)(?:\}(?!\})|, plural,)/g)].map((m) => m[1] ?? ''))].sort();

describe.each([
  ['zh-CN', zhCN],
  ['pt-BR', ptBR],
] as const)('%s', (_locale, table) => {
  it('has every English key', () => {
    expect(Object.keys(en).filter((k) => !(k in table))).toEqual([]);
  });

  it('has no key English lacks', () => {
    expect(Object.keys(table).filter((k) => !(k in en))).toEqual([]);
  });

  it('uses the same placeholders as English in every string', () => {
    const wrong = Object.entries(table)
      .filter(([k, v]) => JSON.stringify(placeholders(v)) !== JSON.stringify(placeholders(en[k as keyof typeof en])))
      .map(([k]) => k);
    expect(wrong).toEqual([]);
  });
});

describe.each(['en', 'zh-CN', 'pt-BR'] as const)('every %s message', (locale) => {
  it('formats with every placeholder filled, leaving no braces behind', () => {
    const t = translator(locale);
    const broken = (Object.keys(en) as (keyof typeof en)[]).filter((key) => {
      const vars = Object.fromEntries(placeholders(en[key]).map((p) => [p, 2]));
      return /[{}]/.test(t(key, vars).replace(/\{\{\w+\}\}/g, ''));
    });
    expect(broken).toEqual([]);
  });
});

describe('translator', () => {
  it('picks the plural form with Intl.PluralRules and formats the count', () => {
    const en = translator('en');
    expect(en('lb.imported', { n: 1, formats: 'st', lost: 0 })).toBe('1 book imported (st); nothing was lost.');
    expect(en('lb.imported', { n: 2, formats: 'st', lost: 1 })).toBe(
      '2 books imported (st); 1 field could not be carried over.',
    );
    expect(en('library.total', { total: 12345 })).toBe('12,345 cards');
    const pt = translator('pt-BR');
    expect(pt('library.total', { total: 1 })).toBe('1 card');
    expect(pt('library.total', { total: 12345 })).toBe('12.345 cards');
    expect(pt('lb.confirmDelete', { n: 1 })).toBe('Excluir 1 entrada?');
    expect(translator('zh-CN')('library.bulkDone', { n: 1 })).toBe('已更新 1 张角色卡。');
  });

  it('formats a message anew on every call, and leaves a placeholder without a value as written', () => {
    const en = translator('en');
    expect(en('lb.imported', { n: 2, formats: 'st', lost: 0 })).toBe('2 books imported (st); nothing was lost.');
    expect(en('lb.imported', { n: 1, formats: 'ai', lost: 3 })).toBe(
      '1 book imported (ai); 3 fields could not be carried over.',
    );
    expect(en('lb.imported', { formats: 'st', lost: 1 })).toBe(
      '{n, plural, one {# book imported} other {# books imported}} (st); 1 field could not be carried over.',
    );
    expect(en('lb.where.message', { n: 3 })).toBe('in message 3 from the end');
    expect(en('lb.where.message', {})).toBe('in message {n} from the end');
    expect(en('lb.where.message', { n: 1000 })).toBe('in message 1,000 from the end');
  });

  it('formats dates, numbers and lists in the interface language, not the browser’s', () => {
    const at = Date.UTC(2026, 10, 5, 15, 30);
    expect(translator('en').date(at)).toMatch(/Nov 5, 2026/);
    expect(translator('pt-BR').date(at)).toMatch(/5 de nov\.? de 2026/);
    expect(translator('zh-CN').date(at)).toMatch(/2026年11月5日/);
    expect(translator('pt-BR').number(1234.5)).toBe('1.234,5');
    expect(translator('en').list(['V1', 'V2', 'V3'])).toBe('V1, V2, and V3');
    expect(translator('pt-BR').list(['V1', 'V2'])).toBe('V1 e V2');
  });
});

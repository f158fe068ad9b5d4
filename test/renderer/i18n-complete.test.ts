// Every interface string exists in every language, with the same placeholders as the English source.
import { describe, expect, it } from 'vitest';
import { en } from '../../renderer/src/i18n/en.ts';
import { zhCN } from '../../renderer/src/i18n/zh-CN.ts';
import { ptBR } from '../../renderer/src/i18n/pt-BR.ts';

const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();

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

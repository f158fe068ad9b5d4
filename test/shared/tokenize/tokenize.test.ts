import { describe, expect, it } from 'vitest';
import { guesstimate, loadTokenizer, tokenizerForModel, utf8Length } from '../../../shared/tokenize/index.ts';

describe('guesstimate (SillyTavern offline estimate)', () => {
  it.each([
    ['', 0],
    ['a'.repeat(67), 20],
    ['0123456789', 3],
    ['魔法', 2],
    ['🐉', 2],
  ])('%j → %i', (text, tokens) => {
    expect(guesstimate.count(text)).toBe(tokens);
  });

  it('counts UTF-8 bytes, a lone surrogate as U+FFFD', () => {
    expect(utf8Length('é🐉\ud800x')).toBe(2 + 4 + 3 + 1);
    expect(guesstimate.exact).toBe(false);
  });
});

describe('OpenAI BPEs (js-tiktoken, bundled ranks)', () => {
  it('cl100k_base and o200k_base count exactly', async () => {
    const cl100k = await loadTokenizer('cl100k_base');
    const o200k = await loadTokenizer('o200k_base');
    expect(cl100k).toMatchObject({ name: 'cl100k_base', exact: true });
    expect(o200k).toMatchObject({ name: 'o200k_base', exact: true });
    expect(cl100k.count('hello world')).toBe(2);
    expect(o200k.count('hello world')).toBe(2);
    expect(cl100k.count('tiktoken is great!')).toBe(6);
    expect(cl100k.count('魔法 🐉')).toBe(7);
    expect(o200k.count('魔法 🐉')).toBe(5);
    expect(o200k.count('')).toBe(0);
  });

  it('counts special-token text as plain text instead of throwing', async () => {
    const o200k = await loadTokenizer('o200k_base');
    expect(o200k.count('<|im_end|>')).toBe(6);
  });

  it('loads each encoding once', async () => {
    expect(await loadTokenizer('cl100k_base')).toBe(await loadTokenizer('cl100k_base'));
    expect(await loadTokenizer('guesstimate')).toBe(guesstimate);
  });
});

describe('Llama 3 BPE (llama3-tokenizer-js, baked vocabulary)', () => {
  it('counts exactly, without BOS/EOS, and CJK takes more tokens than its characters suggest in the estimate', async () => {
    const llama = await loadTokenizer('llama3');
    expect(llama).toMatchObject({ name: 'llama3', exact: true });
    expect(llama.count('')).toBe(0);
    expect(llama.count('Hello world')).toBe(2);
    expect(llama.count('Hello world!')).toBe(3);
    expect(llama.count('你好，世界')).toBeGreaterThan(2);
    expect(await loadTokenizer('llama3')).toBe(llama);
  });
});

describe('tokenizerForModel', () => {
  it.each([
    ['gpt-4o-mini', 'o200k_base'],
    ['openai/gpt-4.1', 'o200k_base'],
    ['o3-mini', 'o200k_base'],
    ['gpt-4-turbo', 'cl100k_base'],
    ['gpt-3.5-turbo', 'cl100k_base'],
    ['meta-llama/Llama-3.1-8B-Instruct', 'llama3'],
    ['llama3.2:3b', 'llama3'],
    ['mistral-nemo', 'guesstimate'],
  ])('%s → %s', (model, name) => {
    expect(tokenizerForModel(model)).toBe(name);
  });
});

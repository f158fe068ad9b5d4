import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { readCard } from '../../../shared/card/read.ts';
import { base64Encode, utf8Encode } from '../../../shared/card/bytes.ts';
import { parseDocument } from '../../../shared/library/parse-document.ts';
import { validateInput } from '../../../shared/api/validate.ts';
import { ApiError } from '../../../shared/errors.ts';
import { importChat } from '../../../shared/chat/formats/index.ts';
import { parseLoreTestDocument } from '../../../shared/lorebook/lore-test-document.ts';
import { loadLocated } from '../../../shared/ppe/located-yaml.ts';
import { inflateBounded } from '../../../shared/util/bounded-inflate.ts';
import { findTreeProblem } from '../../../shared/util/document-limits.ts';
import {
  chunkFloodPng,
  deepJsonCard,
  lyingCharx,
  yamlAliasBomb,
  zerosZlib,
  zipOf,
  ztxtBombPng,
} from './hostile-files.ts';
import { b64, errorOf, pngWith, textChunk, v2Card } from '../card/helpers.ts';

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an error');
}

const BOMB = 256 * 1024 * 1024;

describe('decompression bombs stop at the cap', () => {
  it('a zTXt or compressed iTXt card inflating to 256 MiB fails at the 64 MiB cap', () => {
    for (const type of ['zTXt', 'iTXt'] as const) {
      const e = errorOf(() => readCard(ztxtBombPng(BOMB, type)));
      expect(e.code).toBe('too_large');
      expect(e.message).toContain('inflates past 67,108,864 bytes');
    }
  });

  it('stops as soon as the cap passes: a bomb whose end is cut off still reports the cap, not the damage further on', () => {
    const bomb = ztxtBombPng(BOMB);
    // Cut the chunk's data short (and fix its length and CRC): the stream now ends in damage far past the cap.
    const chunkAt = 33;
    const view = new DataView(bomb.buffer, bomb.byteOffset);
    const length = view.getUint32(chunkAt);
    const cutLength = Math.floor(length * 0.9);
    const cut = pngWith([{ type: 'zTXt', data: bomb.slice(chunkAt + 8, chunkAt + 8 + cutLength) }]);
    expect(errorOf(() => readCard(cut)).message).toContain('inflates past 67,108,864 bytes');
    const small = zerosZlib(4 * 1024 * 1024);
    expect(inflateBounded(small.subarray(0, small.length - 1000), 'zlib', 1024 * 1024)).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
    expect(inflateBounded(small.subarray(0, small.length - 1000), 'zlib', 8 * 1024 * 1024)).toMatchObject({
      ok: false,
      reason: 'corrupt',
    });
  });

  it('the cap is an option; a stream under it inflates whole', () => {
    expect(errorOf(() => readCard(ztxtBombPng(2_000_000), '', { maxDocumentBytes: 1_000_000 })).message).toContain(
      'inflates past 1,000,000 bytes',
    );
    const small = inflateBounded(zerosZlib(1 + 258 * 100), 'zlib', 1 + 258 * 100);
    expect(small.ok && small.bytes.length).toBe(1 + 258 * 100);
  });
});

describe('CharX: lying and oversized zips', () => {
  it('a card.json declared smaller than it is gets a size error, not "not valid JSON"', () => {
    const e = errorOf(() => readCard(lyingCharx()));
    expect(e.code).toBe('zip_size_mismatch');
    expect(e.message).toBe(
      'zip entry "card.json" inflates to more than the 10 bytes its header declares (at zip entry card.json)',
    );
  });

  it('an entry declared larger than it is, or truncated, or stored with the wrong size, is named', () => {
    const card = utf8Encode(JSON.stringify(v2Card()));
    expect(
      errorOf(() => readCard(zipOf([{ name: 'card.json', data: card, declared: card.length + 5 }]))).message,
    ).toContain(
      `inflates to ${card.length} bytes but its header declares ${(card.length + 5).toLocaleString('en-US')}`,
    );
    const zip = zipOf([{ name: 'card.json', data: card }]);
    const cut = zip.slice();
    new DataView(cut.buffer).setUint32(18, 999_999, true);
    // The central directory, not the local header, is what counts; move the declared compressed size there too.
    const cd = zip.length - 22 - 46 - 'card.json'.length;
    new DataView(cut.buffer).setUint32(cd + 20, 999_999, true);
    expect(errorOf(() => readCard(cut)).message).toContain('declares 999,999 compressed bytes but the archive ends');
  });

  it('checks the entry count, the total and the ratio from the directory before inflating anything', () => {
    const card = utf8Encode(JSON.stringify(v2Card()));
    const many = zipSync(
      Object.fromEntries([
        ['card.json', card],
        ...Array.from({ length: 30 }, (_, i) => [`a${i}.txt`, new Uint8Array(1)]),
      ]),
    );
    expect(errorOf(() => readCard(many, '', { maxEntries: 10 })).message).toBe('zip has 31 entries; the limit is 10');
    const claims = zipOf([
      { name: 'card.json', data: card },
      { name: 'huge.bin', data: new Uint8Array(10), declared: 500_000_000 },
    ]);
    const e = errorOf(() => readCard(claims));
    expect(e.code).toBe('zip_too_large');
    expect(e.message).toMatch(/^zip claims 500,\d{3},\d{3} bytes uncompressed from \d+ bytes, more than 100:1/);
    expect(errorOf(() => readCard(claims, '', { maxTotalBytes: 1000 })).message).toContain(
      'zip contents exceed 1,000 bytes uncompressed',
    );
  });

  it('reads an honest zip, with a bad-CRC warning where the CRC lies', () => {
    const card = utf8Encode(JSON.stringify(v2Card()));
    const zip = zipOf([
      { name: 'card.json', data: card },
      { name: 'notes.txt', data: utf8Encode('hi') },
    ]);
    const r = readCard(zip);
    expect(r.container).toBe('charx');
    expect([...r.assets!.keys()]).toEqual(['notes.txt']);
    const cd = zip.length - 22 - (46 + 'notes.txt'.length);
    const bad = zip.slice();
    bad[cd + 16] = bad[cd + 16]! ^ 0xff;
    expect(readCard(bad).warnings).toEqual([
      { pointer: 'zip:notes.txt', message: 'zip entry "notes.txt" has a bad CRC; read anyway' },
    ]);
  });
});

describe('YAML aliases and deep nesting', () => {
  it('a billion-laughs YAML card is refused with a specific error', () => {
    const e = errorOf(() => readCard(utf8Encode(yamlAliasBomb()), 'bomb.yaml'));
    expect(e.code).toBe('too_many_values');
    expect(e.message).toContain('document expands to more than 10,000,000 values');
  });

  it('a YAML alias inside its own anchor is refused, not looped over', () => {
    const e = errorOf(() => readCard(utf8Encode('name: Loop\ndescription: x\nmore: &a [1, *a]\n'), 'a.yaml'));
    expect(e).toMatchObject({ code: 'self_reference', at: '/more/1' });
  });

  it('100,000 nested arrays in an extension field: a specific error with the path, in every container', () => {
    const text = deepJsonCard(100_000);
    const e = errorOf(() => readCard(utf8Encode(text), 'deep.json'));
    expect(e.code).toBe('too_deep');
    expect(e.message.startsWith('document nests deeper than 256 levels (at /data/extensions/x/0/0/')).toBe(true);
    expect(e.message.length).toBeLessThan(200);
    expect(errorOf(() => readCard(pngWith([textChunk('chara', base64Encode(utf8Encode(text)))])))).toMatchObject({
      code: 'too_deep',
    });
    expect(errorOf(() => readCard(zipSync({ 'card.json': utf8Encode(text) })))).toMatchObject({ code: 'too_deep' });
    expect(errorOf(() => readCard(utf8Encode(deepJsonCard(300)))).code).toBe('too_deep');
    expect(readCard(utf8Encode(deepJsonCard(300)), '', { maxDepth: 1000 }).spec).toBe('v2');
  });

  it('library documents, API inputs, chats, lore tests and scripts refuse the same shapes', () => {
    const deep = deepJsonCard(100_000);
    expect(thrown(() => parseDocument(deep, 'json', 'deep.json'))).toMatchObject({
      code: 'bad_document',
      message: expect.stringMatching(/^deep\.json: document nests deeper than 256 levels at \/data\/extensions\/x/),
    });
    expect(thrown(() => parseDocument(yamlAliasBomb(), 'yaml', 'bomb.yaml'))).toMatchObject({
      code: 'bad_document',
      message: expect.stringContaining('expands to more than'),
    });
    const input = JSON.parse(`{"ids": ${'['.repeat(1000)}${']'.repeat(1000)}}`) as unknown;
    const apiError = thrown(() => validateInput('cards.get', input));
    expect(apiError).toBeInstanceOf(ApiError);
    expect(apiError.message).toMatch(
      /^Invalid input for cards\.get: document nests deeper than 256 levels at \/ids\/0/,
    );
    expect(
      thrown(() =>
        importChat(`{"format":"lorewright-transcript","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, 'lorewright'),
      ).message,
    ).toMatch(/nests deeper than 256 levels/);
    expect(
      thrown(() => parseLoreTestDocument(`{"turns":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)).message,
    ).toMatch(/nests deeper than 256 levels/);
    expect(thrown(() => loadLocated(yamlAliasBomb(), 1)).message).toContain('expands to more than');
  });

  it('walks without recursion and counts every visit, so a deep value cannot overflow the stack and a wide one ends at the budget', () => {
    expect(findTreeProblem(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))).toMatchObject({ kind: 'too_deep' });
    expect(findTreeProblem({ a: [1, 2, { b: 'c' }] })).toBeUndefined();
    const shared = [1, 2, 3];
    expect(findTreeProblem({ a: shared, b: shared })).toBeUndefined();
    expect(findTreeProblem({ a: shared, b: shared }, { maxNodes: 5 })).toMatchObject({
      kind: 'too_many_values',
      pointer: '/b',
    });
  });
});

describe('messages stay short whatever the file holds', () => {
  it('20,000 tiny chunks and no card: one short line naming the first few', () => {
    const e = errorOf(() => readCard(chunkFloodPng(20_000, false)));
    expect(e.code).toBe('png_no_card');
    expect(e.message.length).toBeLessThan(300);
    expect(e.message).toContain('…and 19,990 more text chunks');
  });

  it('a bad CRC on every chunk: ten warnings and a count, not 20,000 lines', () => {
    const png = chunkFloodPng(20_000);
    const view = new DataView(png.buffer, png.byteOffset);
    // Break the CRC of every noise chunk (each is 12 + 6 or 7 bytes; walk the real lengths).
    let at = 8;
    let broken = 0;
    while (at < png.length) {
      const len = view.getUint32(at);
      const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
      if (type === 'tEXt' && png[at + 8] === 0x6b) {
        png[at + 8 + len] = png[at + 8 + len]! ^ 0xff;
        broken++;
      }
      at += 12 + len;
    }
    expect(broken).toBe(20_000);
    const r = readCard(png);
    expect(r.warnings).toHaveLength(11);
    expect(r.warnings[10]).toEqual({ pointer: 'png', message: '…and 19,990 more chunks with a bad CRC' });
  });

  it('many duplicate card chunks list a few offsets', () => {
    const chunks = Array.from({ length: 50 }, () => textChunk('chara', b64(v2Card())));
    const r = readCard(pngWith(chunks));
    const dup = r.warnings.find((w) => w.message.startsWith('50 '))!;
    expect(dup.message).toContain('…and 40 more chunks');
  });
});

import { describe, expect, it } from 'vitest';
import { readCard } from '../../../shared/card/read.ts';
import { CardError } from '../../../shared/card/errors.ts';
import { crc32 } from '../../../shared/card/crc32.ts';
import { latin1Encode, utf8Encode, concatBytes } from '../../../shared/card/bytes.ts';
import { encodeChunk } from '../../../shared/card/png-chunks.ts';
import { zlibSync } from 'fflate';
import { b64, pngSignature, pngWith, textChunk, v1Card, v2Card, v3Card } from './helpers.ts';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(CardError);
    return `${(e as CardError).code}: ${(e as Error).message}`;
  }
  throw new Error('expected a CardError');
}

describe('crc32', () => {
  it('matches the standard check value and chains across ranges', () => {
    const bytes = latin1Encode('123456789');
    expect(crc32(bytes)).toBe(0xcbf43926);
    expect(crc32(bytes, 4, 9, crc32(bytes, 0, 4))).toBe(0xcbf43926);
  });
});

describe('readCard: PNG', () => {
  it('reads a base64 chara chunk (V2)', () => {
    const r = readCard(pngWith([textChunk('chara', b64(v2Card()))]));
    expect(r).toMatchObject({ spec: 'v2', container: 'png', chunkKeyword: 'chara', warnings: [] });
    expect(r.doc).toEqual(v2Card());
  });

  it('prefers ccv3 over chara, and finds text chunks after IDAT', () => {
    const r = readCard(
      pngWith([textChunk('chara', b64(v2Card())), textChunk('ccv3', b64(v3Card({ nickname: 'Ari' })))], {
        afterIdat: true,
      }),
    );
    expect(r.spec).toBe('v3');
    expect(r.chunkKeyword).toBe('ccv3');
    expect((r.doc['data'] as Record<string, unknown>)['nickname']).toBe('Ari');
  });

  it("treats SillyTavern's relabelled V2 ccv3 (no group_only_greetings) as V2", () => {
    const disguised = { ...v2Card(), spec: 'chara_card_v3', spec_version: '3.0' };
    const r = readCard(pngWith([textChunk('chara', b64(v2Card())), textChunk('ccv3', b64(disguised))]));
    expect(r.spec).toBe('v2');
    expect(r.warnings[0]!.message).toMatch(/relabelled V2/);
  });

  it('uses the last of duplicate chunks and warns', () => {
    const r = readCard(
      pngWith([textChunk('chara', b64(v1Card({ name: 'Old' }))), textChunk('chara', b64(v1Card({ name: 'New' })))]),
    );
    expect(r.doc['name']).toBe('New');
    expect(r.warnings).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/^2 'chara' chunks .*using the last$/) }),
    ]);
  });

  it('falls back to raw UTF-8 JSON in tEXt (Card Architect) with a warning', () => {
    const json = JSON.stringify(v1Card({ name: '雪花 ❄️' }));
    const chunk = { type: 'tEXt', data: concatBytes([latin1Encode('chara\0'), utf8Encode(json)]) };
    const r = readCard(pngWith([chunk]));
    expect(r.doc['name']).toBe('雪花 ❄️');
    expect(r.warnings[0]!.message).toMatch(/raw JSON instead of base64/);
  });

  it('reads zTXt and iTXt card chunks, compressed or not', () => {
    const z = {
      type: 'zTXt',
      data: concatBytes([latin1Encode('chara\0\0'), zlibSync(latin1Encode(b64(v1Card({ name: 'Z' }))))]),
    };
    expect(readCard(pngWith([z])).doc['name']).toBe('Z');
    const i = {
      type: 'iTXt',
      data: concatBytes([
        latin1Encode('ccv3\0\x01\0en\0\0'),
        zlibSync(utf8Encode(JSON.stringify(v3Card({ name: 'Ï' })))),
      ]),
    };
    const r = readCard(pngWith([i]));
    expect(r.spec).toBe('v3');
    expect(r.warnings.map((w) => w.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/iTXt instead of tEXt/)]),
    );
  });

  it('matches the keyword case-insensitively (as SillyTavern does)', () => {
    expect(readCard(pngWith([textChunk('Chara', b64(v1Card()))])).spec).toBe('v1');
  });

  it('tolerates a bad CRC with a warning', () => {
    const png = pngWith([textChunk('chara', b64(v1Card()))]);
    const damaged = png.slice();
    const textEnd = 8 + 25 + 12 + textChunk('chara', b64(v1Card())).data.length;
    damaged[textEnd - 1]! ^= 0xff;
    const r = readCard(damaged);
    expect(r.doc['name']).toBe('Aria');
    expect(r.warnings).toEqual([
      expect.objectContaining({
        pointer: expect.stringContaining('tEXt at byte 33'),
        message: 'bad CRC on tEXt chunk; read anyway',
      }),
    ]);
  });

  it('checks image-data CRCs unless asked not to (a batch copies IDAT as stored)', () => {
    const png = pngWith([textChunk('chara', b64(v1Card()))]).slice();
    const iend = png.length - 12;
    png[iend - 1]! ^= 0xff; // last byte of the IDAT CRC
    expect(readCard(png).warnings.map((w) => w.message)).toEqual(['bad CRC on IDAT chunk; read anyway']);
    expect(readCard(png, '', { verifyImageCrc: false }).warnings).toEqual([]);
  });

  it('names what is wrong and where for broken PNGs', () => {
    const good = pngWith([textChunk('chara', b64(v1Card()))]);
    expect(codeOf(() => readCard(good.subarray(0, 60)))).toMatch(
      /^png_truncated: PNG is truncated: chunk tEXt needs \d+ data bytes but the file ends \d+ bytes early \(at byte 33\)$/,
    );
    expect(codeOf(() => readCard(pngWith([])))).toBe(
      "png_no_card: PNG has no 'chara' or 'ccv3' text chunk among its 3 chunks",
    );
    expect(codeOf(() => readCard(pngWith([textChunk('naidata', 'x')])))).toMatch(/NovelAI naidata/);
    expect(codeOf(() => readCard(pngWith([textChunk('chara', '%%%not base64 or json')])))).toMatch(
      /^png_bad_card_text: card text is neither base64 \(not base64\) nor raw JSON \(invalid JSON/,
    );
    expect(codeOf(() => readCard(pngWith([textChunk('chara', b64([1, 2]))])))).toMatch(
      /base64 decodes to JSON is an array/,
    );
    const absurd = concatBytes([pngSignature(), new Uint8Array([0xff, 0xff, 0xff, 0xf0]), latin1Encode('IHDR')]);
    expect(codeOf(() => readCard(absurd))).toMatch(/^png_chunk_length: PNG chunk IHDR claims an impossible length/);
    const badUtf8 = concatBytes([
      pngSignature(),
      encodeChunk('tEXt', concatBytes([latin1Encode('chara\0'), new Uint8Array([0x7b, 0xff, 0xfe])])),
    ]);
    expect(codeOf(() => readCard(badUtf8))).toMatch(/^not_utf8: /);
  });

  it('reports a card chunk holding a non-card', () => {
    expect(codeOf(() => readCard(pngWith([textChunk('chara', b64({ entries: {} }))])))).toBe(
      'not_a_card: not a character card: a lorebook / World Info file (at png)',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readCard } from '../../../shared/card/read.ts';
import { writeCard } from '../../../shared/card/write.ts';
import { convertCard } from '../../../shared/card/convert.ts';
import { validateCard } from '../../../shared/card/validate.ts';
import { parsePngChunks } from '../../../shared/card/png-chunks.ts';
import { textKeyword, decodeTextChunk } from '../../../shared/card/png-text.ts';
import { base64Decode, utf8Decode } from './codec.ts';
import { fixture } from './helpers.ts';
import type { JsonObject } from '../../../shared/card/types.ts';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const OLD = 'default_Seraphina-1.12.6.png';
const NEW = 'default_Seraphina-1.18.0.png';

/** What SillyTavern's reader (character-card-parser.js) returns: ccv3 if present, else chara, base64 → JSON. */
function stRead(png: Uint8Array): JsonObject {
  const texts = parsePngChunks(png).chunks.filter((c) => c.type === 'tEXt');
  const pick =
    texts.find((c) => textKeyword(c)?.toLowerCase() === 'ccv3') ??
    texts.find((c) => textKeyword(c)?.toLowerCase() === 'chara');
  return JSON.parse(utf8Decode(base64Decode(decodeTextChunk(pick!).payload)!));
}

describe('the real Seraphina cards (SillyTavern 1.12.6 and 1.18.0)', () => {
  it('are the unmodified upstream files', () => {
    expect(sha256(fixture(OLD))).toBe('734bba0ac5382e270479a1cb2977dea04458df287479847fbe0fac835349b457');
    expect(sha256(fixture(NEW))).toBe('8a71e8270f54fafbccf905b1bdf053a6a55f57bea89c01fcd8c0e87ee76a2d52');
  });

  it('1.12.6 reads as V2 from chara; 1.18.0 as V3 from ccv3; both valid, only the book extensions repaired', () => {
    const old = readCard(fixture(OLD));
    expect(old).toMatchObject({ spec: 'v2', container: 'png', chunkKeyword: 'chara' });
    const fresh = readCard(fixture(NEW));
    expect(fresh).toMatchObject({ spec: 'v3', chunkKeyword: 'ccv3' });
    for (const r of [old, fresh]) {
      expect(r.warnings).toEqual([
        { pointer: '/data/character_book/extensions', message: 'missing "extensions" read as {}' },
      ]);
      expect(validateCard(r.doc).errors).toEqual([]);
      expect(r.doc).toMatchObject({
        name: 'Seraphina',
        avatar: 'none',
        talkativeness: '0.5',
        data: { name: 'Seraphina', extensions: { world: 'Eldoria' } },
      });
      const bk = (r.doc['data'] as JsonObject)['character_book'] as { name: string; entries: unknown[] };
      expect(bk.name).toBe('Eldoria');
      expect(bk.entries).toHaveLength(4);
    }
  });

  it("exports keep the image chunks byte for byte and import in SillyTavern's reader rules", () => {
    for (const name of [OLD, NEW]) {
      const source = fixture(name);
      const read = readCard(source);
      for (const target of ['v2', 'v3'] as const) {
        const { doc } = convertCard(read.doc, target);
        const out = writeCard(doc, 'png', { source: read }).bytes;
        const image = (png: Uint8Array) =>
          parsePngChunks(png)
            .chunks.filter((c) => c.type === 'IHDR' || c.type === 'IDAT')
            .map((c) => sha256(c.raw));
        expect(image(out)).toEqual(image(source));
        expect(parsePngChunks(out).warnings).toEqual([]);
        expect(stRead(out)).toEqual(doc);
        expect(readCard(out).doc).toEqual(doc);
        const keywords = parsePngChunks(out).chunks.map(textKeyword).filter(Boolean);
        expect(keywords).toEqual(target === 'v3' ? ['chara', 'ccv3'] : ['chara']);
      }
    }
  });

  it('V2 → V3 → V2 of the 1.12.6 card gives back the V2 card plus the (kept) V3 additions', () => {
    const v2 = readCard(fixture(OLD)).doc;
    const back = convertCard(convertCard(v2, 'v3').doc, 'v2').doc as JsonObject;
    const data = v2['data'] as JsonObject;
    const bk = data['character_book'] as { entries: JsonObject[] };
    const expected = {
      ...v2,
      data: {
        ...data,
        character_book: { ...bk, entries: bk.entries.map((e) => ({ ...e, use_regex: false })) },
        group_only_greetings: [],
      },
    };
    expect(back).toEqual(expected);
  });

  it('JSON and CharX exports read back identical', () => {
    const read = readCard(fixture(NEW));
    for (const format of ['json', 'charx', 'yaml'] as const) {
      expect(readCard(writeCard(read.doc, format).bytes, `x.${format}`).doc).toEqual(read.doc);
    }
  });
});

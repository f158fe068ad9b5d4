import { describe, expect, it } from 'vitest';
import { readCard } from '../../../shared/card/read.ts';
import { writeCard, writeCardParts } from '../../../shared/card/write.ts';
import { convertCard } from '../../../shared/card/convert.ts';
import { parsePngChunks } from '../../../shared/card/png-chunks.ts';
import { decodeTextChunk } from '../../../shared/card/png-text.ts';
import { base64Decode, latin1Decode, utf8Decode, utf8Encode } from './codec.ts';
import { V3_BACKFILL_NOTICE } from '../../../shared/card/convert-v2-v3.ts';
import { zipSync } from 'fflate';
import { b64, pngWith, textChunk, v1Card, v2Card, v3Card } from './helpers.ts';

function cardChunks(png: Uint8Array): Record<string, unknown>[] {
  return parsePngChunks(png)
    .chunks.filter((c) => c.type === 'tEXt')
    .map((c) => decodeTextChunk(c))
    .filter((t) => t.keyword === 'chara' || t.keyword === 'ccv3')
    .map((t) => ({ keyword: t.keyword, doc: JSON.parse(utf8Decode(base64Decode(latin1Decode(t.payload))!)) }));
}

describe('writeCard: PNG', () => {
  const source = pngWith([
    textChunk('Software', 'paint'),
    textChunk('chara', b64(v1Card({ name: 'Old' }))),
    { type: 'prVt', data: new Uint8Array([1, 2]) },
    textChunk('ccv3', b64(v3Card({ name: 'Old' }))),
  ]);

  it('hands a writer the kept runs of chunks as views into the source, not copies', () => {
    const read = readCard(source);
    const { parts } = writeCardParts(v2Card({ name: 'New' }), 'png', { source: read });
    const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (joined.set(p, at), at + p.length), 0);
    expect(joined).toEqual(writeCard(v2Card({ name: 'New' }), 'png', { source: read }).bytes);
    const kept = parts.filter((p) => p.buffer === source.buffer);
    // IHDR, Software, chara, prVt, ccv3, IDAT, IEND: the runs around the rewritten chara and the dropped ccv3.
    const chunks = parsePngChunks(source).chunks;
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'tEXt', 'tEXt', 'prVt', 'tEXt', 'IDAT', 'IEND']);
    expect(kept.map((p) => [p.byteOffset - source.byteOffset, p.length])).toEqual([
      [0, chunks[2]!.offset],
      [chunks[3]!.offset, chunks[3]!.raw.length],
      [chunks[5]!.offset, source.length - chunks[5]!.offset],
    ]);
  });

  it('keeps every other chunk byte for byte and rewrites the card chunk in place; a V2 export drops ccv3', () => {
    const read = readCard(source);
    const out = writeCard(v2Card({ name: 'New' }), 'png', { source: read }).bytes;
    const before = parsePngChunks(source).chunks;
    const after = parsePngChunks(out);
    expect(after.warnings).toEqual([]);
    const kept = after.chunks.filter((c) => !['chara', 'ccv3'].includes(decodeTextKeyword(c)));
    expect(kept.map((c) => [...c.raw])).toEqual(
      before.filter((c) => !['chara', 'ccv3'].includes(decodeTextKeyword(c))).map((c) => [...c.raw]),
    );
    expect(cardChunks(out)).toEqual([{ keyword: 'chara', doc: v2Card({ name: 'New' }) }]);
    const at = (chunks: typeof before) => chunks.findIndex((c) => decodeTextKeyword(c) === 'chara');
    expect(at(after.chunks)).toBe(at(before));
  });

  it('writes chara (V2 backfill, decorators stripped, notice) and ccv3 (the V3 card) for a V3 card into a new image', () => {
    const v3 = v3Card({ creator_notes: '' });
    const out = writeCard(v3, 'png', {
      source: { container: 'png', image: pngWith([textChunk('Software', 'paint')]) },
    }).bytes;
    const [chara, ccv3] = cardChunks(out);
    expect(ccv3).toEqual({ keyword: 'ccv3', doc: v3 });
    expect(chara).toMatchObject({
      keyword: 'chara',
      doc: { spec: 'chara_card_v2', spec_version: '2.0', data: { creator_notes: V3_BACKFILL_NOTICE } },
    });
    expect(readCard(out).doc).toEqual(v3);
  });

  it('keeps bytes after IEND and uses a placeholder image when there is none', () => {
    const trailing = new Uint8Array([...source, 0xde, 0xad]);
    const out = writeCard(v2Card(), 'png', { source: readCard(trailing) }).bytes;
    expect([...out.subarray(-2)]).toEqual([0xde, 0xad]);
    const fromJson = writeCard(v2Card(), 'png', { source: readCard(utf8Encode(JSON.stringify(v2Card()))) });
    expect(fromJson.warnings[0]!.message).toBe('the card has no image; a grey placeholder image was used');
    expect(readCard(fromJson.bytes).doc).toEqual(v2Card());
  });
});

function decodeTextKeyword(c: { type: string; data: Uint8Array }): string {
  if (c.type !== 'tEXt') return '';
  return latin1Decode(c.data.subarray(0, c.data.indexOf(0)));
}

describe('writeCard: JSON and YAML', () => {
  it('returns the original text when nothing was edited, whatever its style', () => {
    for (const text of [
      '{\n    "name": "A",\n    "description": "",\n    "personality": "",\n    "scenario": "", "first_mes": "", "mes_example": "", "n": 1.0\n}',
      JSON.stringify(v2Card()),
      '\uFEFF' + JSON.stringify(v2Card(), null, '\t') + '\r\n',
    ]) {
      const read = readCard(utf8Encode(text));
      expect(utf8Decode(writeCard(read.doc, 'json', { source: read }).bytes)).toBe(text);
    }
  });

  it('writes edits in the original style (indent, CRLF, final newline), or with the configured indent', () => {
    const text = JSON.stringify(v2Card(), null, 4).replace(/\n/g, '\r\n') + '\r\n';
    const read = readCard(utf8Encode(text));
    const edited = { ...read.doc, data: { ...(read.doc['data'] as object), name: 'B' } };
    expect(utf8Decode(writeCard(edited, 'json', { source: read }).bytes)).toBe(
      JSON.stringify(edited, null, 4).replace(/\n/g, '\r\n') + '\r\n',
    );
    expect(utf8Decode(writeCard(read.doc, 'json', { source: read, indent: 2 }).bytes)).toBe(
      JSON.stringify(read.doc, null, 2).replace(/\n/g, '\r\n') + '\r\n',
    );
    expect(utf8Decode(writeCard(v2Card(), 'json').bytes)).toBe(JSON.stringify(v2Card(), null, 2) + '\n');
  });

  it('keeps a one-line card on one line, in its own spacing, through an edit and a V1→V2 conversion', () => {
    const compact = JSON.stringify(v1Card({ talkativeness: '0.5' }));
    const spaced =
      '{"name": "A", "description": "é\\u00e9", "personality": "", "scenario": "", "first_mes": "", "mes_example": ""}';
    for (const text of [compact, `${spaced}\n`]) {
      const read = readCard(utf8Encode(text), 'a.json', { normalize: false });
      const v2 = convertCard(read.doc, 'v2').doc;
      const out = utf8Decode(writeCard(v2, 'json', { source: read }).bytes);
      expect(out.trimEnd()).not.toContain('\n');
      expect(out.endsWith('\n')).toBe(text.endsWith('\n'));
      expect(JSON.parse(out)).toEqual(v2);
      expect(out.includes('": ')).toBe(text === `${spaced}\n`);
      const renamed = utf8Decode(writeCard({ ...read.doc, name: 'B', tags: ['x'] }, 'json', { source: read }).bytes);
      expect(renamed).toBe(
        text === compact
          ? compact.replace('"name":"Aria"', '"name":"B"').replace(/}$/, ',"tags":["x"]}')
          : `${spaced.replace('"name": "A"', '"name": "B"').replace(/}$/, ', "tags": ["x"]}')}\n`,
      );
    }
  });

  it('keeps key order as read, including unknown keys', () => {
    const text =
      '{"zeta":1,"data":{"extensions":{"b":1,"a":2},"name":"N"},"spec":"chara_card_v2","spec_version":"2.0"}';
    const read = readCard(utf8Encode(text), '', { normalize: false });
    expect(utf8Decode(writeCard({ ...read.doc, zeta: 2 }, 'json', { source: read }).bytes)).toBe(
      text.replace('"zeta":1', '"zeta":2') + '',
    );
  });

  it('round-trips YAML', () => {
    const read = readCard(
      utf8Encode(
        'name: Y\ndescription: "multi\\nline"\npersonality: ""\nscenario: ""\nfirst_mes: "yes"\nmes_example: ""\n',
      ),
      'y.yaml',
    );
    const out = writeCard(read.doc, 'yaml', { source: read }).bytes;
    expect(readCard(out, 'y.yaml').doc).toEqual(read.doc);
    const edited = writeCard({ ...read.doc, name: 'Z' }, 'yaml', { source: read }).bytes;
    expect(readCard(edited, 'y.yaml').doc).toEqual({ ...read.doc, name: 'Z' });
  });
});

describe('writeCard: CharX', () => {
  it('writes card.json plus every asset and module file, and keeps a JPEG prefix', () => {
    const card = v3Card({
      assets: [{ type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' }],
    });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 2, 0xff, 0xd9]);
    const zip = zipSync({
      'card.json': utf8Encode(JSON.stringify(card)),
      'assets/icon/images/main.png': pngWith([]),
      'x_meta/main.json': utf8Encode('{}'),
    });
    const read = readCard(new Uint8Array([...jpeg, ...zip]));
    const out = writeCard(read.doc, 'charx', { source: read }).bytes;
    const again = readCard(out);
    expect(again.doc).toEqual(card);
    expect([...again.assets!.keys()]).toEqual(['assets/icon/images/main.png', 'x_meta/main.json']);
    expect(again.prefix).toEqual(jpeg);
    expect(writeCard(read.doc, 'charx', { source: read }).bytes).toEqual(out);
  });

  it('turns a CharX into a PNG around its main icon, warning about what a PNG cannot hold', () => {
    const card = v3Card({ assets: [{ type: 'icon', uri: 'embeded://icon.png', name: 'main', ext: 'png' }] });
    const icon = pngWith([textChunk('Comment', 'icon')]);
    const read = readCard(
      zipSync({ 'card.json': utf8Encode(JSON.stringify(card)), 'icon.png': icon, 'bg.webp': new Uint8Array(3) }),
    );
    const { bytes, warnings } = writeCard(read.doc, 'png', { source: read });
    expect(parsePngChunks(bytes).chunks.some((c) => decodeTextKeyword(c) === 'Comment')).toBe(true);
    expect(warnings.map((w) => w.message)).toEqual([
      '1 CharX file(s) besides the icon cannot be carried in a PNG; export as CharX to keep them',
    ]);
  });
});

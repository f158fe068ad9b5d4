// Layouts real tools write, imported and exported unedited in their own format and spec: the same bytes. After one
// edit: the card chunks stay where they were, in their kind and encoding, and only the edited value changes.
import { describe, expect, it } from 'vitest';
import { unzipSync, zipSync, zlibSync } from 'fflate';
import type { Zippable } from 'fflate';
import { locateZip } from '../../../shared/card/zip-locate.ts';
import { readCard } from '../../../shared/card/read.ts';
import { writeCard } from '../../../shared/card/write.ts';
import { parsePngChunks, encodeChunk, PNG_SIGNATURE } from '../../../shared/card/png-chunks.ts';
import type { PngChunk } from '../../../shared/card/png-chunks.ts';
import { storedCardChunks } from '../../../shared/card/png-rewrite.ts';
import { concatBytes, latin1Encode, utf8Encode, base64Encode } from '../../../shared/card/bytes.ts';
import { placeholderPng } from '../../../shared/card/placeholder-png.ts';
import { exportCard } from '../../../shared/library/card-files.ts';
import { V3_BACKFILL_NOTICE } from '../../../shared/card/convert-v2-v3.ts';
import type { JsonObject } from '../../../shared/card/types.ts';
import { fixture, v1Card, v2Card, v3Card, book, entry } from './helpers.ts';

type Encoding = 'tEXt' | 'zTXt' | 'iTXt' | 'iTXt-z';
interface CardChunkSpec {
  keyword: string;
  doc: JsonObject;
  encoding?: Encoding;
  /** How the JSON inside is written: 0 = one line, else the indent. */
  indent?: number | string;
  base64?: 'padded' | 'unpadded' | 'wrapped' | 'raw-json';
}

function payloadOf(c: CardChunkSpec): string {
  const json = JSON.stringify(c.doc, null, c.indent ?? 0);
  if (c.base64 === 'raw-json') return json;
  const b = base64Encode(utf8Encode(json));
  if (c.base64 === 'unpadded') return b.replace(/=+$/, '');
  if (c.base64 === 'wrapped') return `${b.match(/.{1,76}/g)!.join('\r\n')}\r\n`;
  return b;
}

function cardChunk(c: CardChunkSpec): Uint8Array {
  const text = c.base64 === 'raw-json' ? utf8Encode(payloadOf(c)) : latin1Encode(payloadOf(c));
  const kw = latin1Encode(c.keyword);
  switch (c.encoding ?? 'tEXt') {
    case 'tEXt':
      return encodeChunk('tEXt', concatBytes([kw, Uint8Array.of(0), text]));
    case 'zTXt':
      return encodeChunk('zTXt', concatBytes([kw, Uint8Array.of(0, 0), zlibSync(text, { level: 9 })]));
    case 'iTXt':
      return encodeChunk(
        'iTXt',
        concatBytes([
          kw,
          Uint8Array.of(0, 0, 0),
          latin1Encode('en'),
          Uint8Array.of(0),
          utf8Encode('Charakter'),
          Uint8Array.of(0),
          text,
        ]),
      );
    case 'iTXt-z':
      return encodeChunk('iTXt', concatBytes([kw, Uint8Array.of(0, 1, 0, 0, 0), zlibSync(text)]));
  }
}

const base = parsePngChunks(placeholderPng()).chunks;
const raw = (type: string): Uint8Array => base.find((c) => c.type === type)!.raw;
const other = (type: string, bytes: number[] = [1, 2, 3, 4]): Uint8Array => encodeChunk(type, Uint8Array.from(bytes));
const ANCILLARY: Record<string, Uint8Array> = {
  sRGB: other('sRGB', [0]),
  gAMA: other('gAMA', [0, 0, 0xb1, 0x8f]),
  pHYs: other('pHYs', [0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1]),
  iCCP: encodeChunk('iCCP', concatBytes([latin1Encode('ICC'), Uint8Array.of(0, 0), zlibSync(new Uint8Array(64))])),
  eXIf: other('eXIf', [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 0]),
  tIME: other('tIME', [0x07, 0xe8, 1, 2, 3, 4, 5]),
  acTL: concatBytes([other('acTL', [0, 0, 0, 2, 0, 0, 0, 0]), other('fcTL', new Array<number>(26).fill(0))]),
  fdAT: concatBytes([other('fcTL', new Array<number>(26).fill(1)), other('fdAT', [0, 0, 0, 2, 9, 9])]),
  tEXt: encodeChunk('tEXt', concatBytes([latin1Encode('Software'), Uint8Array.of(0), latin1Encode('Paint 1.0')])),
};

/** A PNG from parts: 'IDAT' is the image data, a name from ANCILLARY that chunk, anything else a card chunk. */
function png(parts: (string | CardChunkSpec)[], trailing = new Uint8Array(0)): Uint8Array {
  const body = parts.map((p) => (typeof p === 'string' ? (p === 'IDAT' ? raw('IDAT') : ANCILLARY[p]!) : cardChunk(p)));
  return concatBytes([Uint8Array.from(PNG_SIGNATURE), raw('IHDR'), ...body, raw('IEND'), trailing]);
}

const richV2 = v2Card(
  {
    description: 'Ein Drache — 雪の城 🐉 "quoted"',
    character_book: book([entry({ id: 1 })]),
    extensions: { world: 'Eldoria', depth_prompt: { depth: 4 } },
  },
  { name: 'Aria' },
);
const richV3 = v3Card({
  description: 'V3 desc',
  nickname: 'Ari',
  character_book: book([entry({ use_regex: false, content: '@@depth 4\nThe castle.' })]),
});
const stPairChara = v2Card({ description: 'shared' }, { name: 'Aria', creatorcomment: 'hi', talkativeness: '0.5' });
const stPairCcv3 = { ...stPairChara, spec: 'chara_card_v3', spec_version: '3.0' };
const lwBackfill = v2Card({
  description: 'V3 desc',
  creator_notes: V3_BACKFILL_NOTICE,
  character_book: book([
    entry({ use_regex: false, content: 'The castle.', extensions: { 'lorewright/v3_decorators': '@@depth 4\n' } }),
  ]),
});

const LAYOUTS: Record<string, Uint8Array> = {
  'chara after IDAT': png(['IDAT', { keyword: 'chara', doc: richV2 }]),
  'chara before IDAT': png([{ keyword: 'chara', doc: richV2 }, 'IDAT']),
  'chara between sRGB, gAMA, pHYs and IDAT': png(['sRGB', 'gAMA', { keyword: 'chara', doc: richV2 }, 'pHYs', 'IDAT']),
  'chara before iCCP, eXIf, tIME': png([{ keyword: 'chara', doc: richV2 }, 'iCCP', 'eXIf', 'IDAT', 'tIME', 'tEXt']),
  'chara in zTXt': png(['IDAT', { keyword: 'chara', doc: richV2, encoding: 'zTXt' }]),
  'chara in iTXt': png(['IDAT', { keyword: 'chara', doc: richV2, encoding: 'iTXt' }]),
  'chara in compressed iTXt': png([{ keyword: 'chara', doc: richV2, encoding: 'iTXt-z' }, 'IDAT']),
  'chara holding V1': png(['IDAT', { keyword: 'chara', doc: v1Card({ talkativeness: '0.7' }) }]),
  'chara holding V3 (RisuAI)': png(['IDAT', { keyword: 'chara', doc: richV3 }]),
  'SillyTavern pair: chara V2 + ccv3 relabelled': png([
    'IDAT',
    { keyword: 'chara', doc: stPairChara },
    { keyword: 'ccv3', doc: stPairCcv3 },
  ]),
  'SillyTavern export: the same V3-labelled JSON in chara and ccv3': png([
    'IDAT',
    { keyword: 'chara', doc: stPairCcv3 },
    { keyword: 'ccv3', doc: stPairCcv3 },
  ]),
  'V3 pair: V2 backfill with notice + ccv3 before IDAT': png([
    { keyword: 'chara', doc: lwBackfill },
    { keyword: 'ccv3', doc: richV3 },
    'IDAT',
  ]),
  'duplicate chara chunks (Card Architect appends)': png([
    'IDAT',
    { keyword: 'chara', doc: v2Card({ description: 'old' }) },
    { keyword: 'chara', doc: richV2, base64: 'raw-json', indent: 2 },
  ]),
  'base64 without padding': png(['IDAT', { keyword: 'chara', doc: v2Card({ description: 'ab' }), base64: 'unpadded' }]),
  'base64 with line breaks': png(['IDAT', { keyword: 'chara', doc: richV2, base64: 'wrapped' }]),
  'raw JSON with tab indent': png(['IDAT', { keyword: 'Chara', doc: richV2, base64: 'raw-json', indent: '\t' }]),
  'APNG: acTL, fcTL, fdAT': png(['acTL', { keyword: 'chara', doc: richV2 }, 'IDAT', 'fdAT']),
  'bytes after IEND': png(['IDAT', { keyword: 'chara', doc: richV2 }], Uint8Array.of(0xde, 0xad, 0xbe, 0xef)),
};

const isCard = (c: PngChunk): boolean => storedCardChunks([c]).length > 0;

function edit(doc: JsonObject): JsonObject {
  const copy = JSON.parse(JSON.stringify(doc)) as JsonObject;
  if (copy['data']) (copy['data'] as JsonObject)['description'] = 'Edited ✎ "new"';
  else copy['description'] = 'Edited ✎ "new"';
  return copy;
}

describe('PNG layouts: unedited export is the same file', () => {
  for (const [name, file] of Object.entries(LAYOUTS)) {
    it(name, () => {
      const read = readCard(file, 'card.png', { normalize: false });
      const out = writeCard(read.doc, 'png', { source: read }).bytes;
      expect(Buffer.from(out).equals(Buffer.from(file))).toBe(true);
    });
  }

  it('the same through the library export (stored document, original file)', () => {
    for (const file of [
      ...Object.values(LAYOUTS),
      fixture('default_Seraphina-1.18.0.png'),
      fixture('default_Seraphina-1.12.6.png'),
    ]) {
      const read = readCard(file, 'card.png', { normalize: false });
      const out = exportCard(
        { name: 'x', document: JSON.stringify(read.doc, null, 2), format: 'json', container: 'png', original: file },
        'png',
        'keep',
      );
      expect(Buffer.from(out.bytes).equals(Buffer.from(file))).toBe(true);
    }
  });
});

describe('PNG layouts: one edit changes only that value, in place', () => {
  for (const [name, file] of Object.entries(LAYOUTS)) {
    it(name, () => {
      const read = readCard(file, 'card.png', { normalize: false });
      const edited = edit(read.doc);
      const out = writeCard(edited, 'png', { source: read }).bytes;
      expect(readCard(out, 'card.png', { normalize: false }).doc).toEqual(edited);
      const before = parsePngChunks(file).chunks;
      const after = parsePngChunks(out).chunks;
      expect(after.map((c) => c.type)).toEqual(before.map((c) => c.type));
      before.forEach((c, i) => {
        if (!isCard(c)) expect(Buffer.from(after[i]!.raw).equals(Buffer.from(c.raw))).toBe(true);
      });
      expect(Buffer.from(out.subarray(out.length - 4)).equals(Buffer.from(file.subarray(file.length - 4)))).toBe(true);
      const oldCards = storedCardChunks(before);
      const newCards = storedCardChunks(after);
      expect(newCards.map((c) => [c.index, c.keyword, c.chunk.type, c.base64])).toEqual(
        oldCards.map((c) => [c.index, c.keyword, c.chunk.type, c.base64]),
      );
      oldCards.forEach((c, i) => {
        const next = newCards[i]!;
        // The JSON text differs only in the description's value, and only where the chunk held the edited text.
        const oldValue = JSON.stringify(
          c.doc['data'] ? (c.doc['data'] as JsonObject)['description'] : c.doc['description'],
        );
        const expected = c.json === next.json ? c.json : c.json.replace(oldValue, JSON.stringify('Edited ✎ "new"'));
        expect(next.json).toBe(expected);
      });
    });
  }

  it("SillyTavern's Seraphina: the pair stays a pair, chara stays V2 without V3 fields or notices", () => {
    const file = fixture('default_Seraphina-1.18.0.png');
    const read = readCard(file, 'card.png', { normalize: false });
    const out = writeCard(edit(read.doc), 'png', { source: read }).bytes;
    const cards = storedCardChunks(parsePngChunks(out).chunks);
    expect(cards.map((c) => c.keyword)).toEqual(['chara', 'ccv3']);
    const [chara, ccv3] = cards as [(typeof cards)[0], (typeof cards)[0]];
    expect(chara.doc['spec']).toBe('chara_card_v2');
    const original = storedCardChunks(parsePngChunks(file).chunks)[0]!;
    expect(Object.keys(chara.doc['data'] as JsonObject)).toEqual(Object.keys(original.doc['data'] as JsonObject));
    expect(String((chara.doc['data'] as JsonObject)['creator_notes'])).not.toContain('Character Card V3');
    expect((ccv3.doc['data'] as JsonObject)['description']).toBe('Edited ✎ "new"');
    expect(ccv3.doc['spec']).toBe('chara_card_v3');
    expect(out.length - file.length).toBeLessThan(2 * 4 * 20);
  });
});

/** The local records (header and stored data) of a zip without data descriptors, by entry name, in file order. */
function localRecords(zip: Uint8Array): [string, Buffer][] {
  const b = Buffer.from(zip);
  const out: [string, Buffer][] = [];
  let at = b.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  while (at >= 0 && at + 30 <= b.length && b.readUInt32LE(at) === 0x04034b50) {
    const n = b.readUInt16LE(at + 26);
    const end = at + 30 + n + b.readUInt16LE(at + 28) + b.readUInt32LE(at + 18);
    out.push([b.toString('utf8', at + 30, at + 30 + n), b.subarray(at, end)]);
    at = end;
  }
  return out;
}

describe('CharX: unedited is the same file, an edit keeps every other entry byte for byte', () => {
  const card = {
    ...richV3,
    data: {
      ...(richV3['data'] as JsonObject),
      assets: [{ type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' }],
    },
  };
  const entries = (cardJson: string): Zippable => ({
    'x_meta/main.json': [utf8Encode('{"type":"png"}'), { level: 9 }],
    'assets/icon/images/main.png': [placeholderPng(), { level: 0 }],
    'card.json': [utf8Encode(cardJson), { level: 1 }],
    'module.risum': [Uint8Array.of(1, 2, 3, 4, 5), { level: 0 }],
  });
  const files: Record<string, Uint8Array> = {
    'card.json third, mixed compression': zipSync(entries(JSON.stringify(card, null, '\t'))),
    'card.json stored, one line': zipSync({
      ...entries(''),
      'card.json': [utf8Encode(JSON.stringify(card)), { level: 0 }],
    }),
    'CharX-JPEG (zip after a JPEG)': concatBytes([
      Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 2, 0xff, 0xd9),
      zipSync(entries(JSON.stringify(card, null, 4))),
    ]),
  };
  for (const [name, file] of Object.entries(files)) {
    it(name, () => {
      const read = readCard(file, 'card.charx', { normalize: false });
      expect(Buffer.from(writeCard(read.doc, 'charx', { source: read }).bytes).equals(Buffer.from(file))).toBe(true);
      const edited = edit(read.doc);
      const out = writeCard(edited, 'charx', { source: read }).bytes;
      const again = readCard(out, 'card.charx', { normalize: false });
      expect(again.doc).toEqual(edited);
      const before = localRecords(file);
      const after = localRecords(out);
      expect(after.map(([n]) => n)).toEqual(before.map(([n]) => n));
      before.forEach(([n, record], i) => {
        if (n !== 'card.json') expect(after[i]![1].equals(record)).toBe(true);
      });
      expect(Buffer.from(out.subarray(0, 8)).equals(Buffer.from(file.subarray(0, 8)))).toBe(true);
      const text = (zip: Uint8Array) =>
        new TextDecoder().decode(
          unzipSync(locateZip(zip)!.zip, { filter: (f) => f.name === 'card.json' })['card.json'],
        );
      expect(text(out)).toBe(text(file).replace(JSON.stringify('V3 desc'), JSON.stringify('Edited ✎ "new"')));
    });
  }
});

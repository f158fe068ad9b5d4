// A JSON card read and written back compares against the value readCard parsed, not a second parse of the text:
// the output must be what a writer holding only the text gives, whatever the text's layout, and an unedited card
// must come back byte for byte.
import { describe, expect, it } from 'vitest';
import { readCard } from '../../../shared/card/read.ts';
import { convertCard } from '../../../shared/card/convert.ts';
import type { TargetSpec } from '../../../shared/card/convert.ts';
import { writeCardParts } from '../../../shared/card/write.ts';
import { utf8Encode } from '../../../shared/card/bytes.ts';
import { v1Card, v2Card, v3Card, book, entry } from './helpers.ts';

// Keeps a BOM, so byte for byte means with it.
const utf8 = new TextDecoder(undefined, { ignoreBOM: true });
const decode = (parts: Uint8Array[]): string => parts.map((p) => utf8.decode(p)).join('');

const cards = {
  v1: v1Card({ creatorcomment: 'notes', talkativeness: '0.5' }),
  v2: v2Card({ character_book: book([entry({ extensions: { x: 1 } })]) }),
  v3: v3Card({ character_book: book([entry({ content: '@@depth 4\nText' })]) }),
};

// Texts that are, and are not, the canonical print of their value.
const layouts: Record<string, (doc: unknown) => string> = {
  tabs: (doc) => `${JSON.stringify(doc, null, '\t')}\n`,
  'one line': (doc) => JSON.stringify(doc),
  'one line, spaced': (doc) => JSON.stringify(doc).replace(/":/g, '": '),
  'odd spacing, CRLF, BOM': (doc) =>
    `\uFEFF${JSON.stringify(doc, null, 3)
      .replace(/\n {3}"/, '\n     "')
      .replace(/\n/g, '\r\n')}  `,
  'escaped non-ASCII': (doc) => JSON.stringify(doc, null, 2).replace(/"name": "([^"]*)"/, '"name": "\\u0041$1"'),
};

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

describe('writeCardParts with the value readCard parsed', () => {
  for (const [spec, card] of Object.entries(cards))
    for (const [layout, print] of Object.entries(layouts)) {
      const bytes = utf8Encode(print(card));
      it(`${spec}, ${layout}: converted, the same as parsing the text again`, () => {
        for (const to of ['v2', 'v3'] as TargetSpec[]) {
          const read = readCard(bytes, 'card.json');
          expect(read.parsed).toBeDefined();
          // The writer trusts `parsed` to be what the text says: nothing may change it in place (this module is
          // strict, so a write to a frozen value throws).
          deepFreeze(read.parsed);
          const doc = convertCard(read.doc, to).doc;
          const withParsed = decode(writeCardParts(doc, 'json', { source: read }).parts);
          const textOnly = decode(writeCardParts(doc, 'json', { source: { ...read, parsed: undefined } }).parts);
          expect(withParsed).toBe(textOnly);
          expect(JSON.parse(withParsed.replace(/^\uFEFF/, ''))).toEqual(JSON.parse(JSON.stringify(doc)));
        }
      });
      it(`${spec}, ${layout}: unedited, byte for byte`, () => {
        const read = readCard(bytes, 'card.json', { normalize: false });
        expect(decode(writeCardParts(read.doc, 'json', { source: read }).parts)).toBe(utf8.decode(bytes));
      });
    }
});

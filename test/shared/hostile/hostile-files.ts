/** Builders for hostile inputs: decompression bombs, lying zips, alias bombs, deep nesting, chunk floods. */
import { deflateSync, zipSync } from 'fflate';
import { concatBytes, latin1Encode, utf8Encode } from '../../../shared/card/bytes.ts';
import { crc32 } from '../../../shared/card/crc32.ts';
import { b64, pngWith, textChunk, v2Card } from '../card/helpers.ts';
import type { RawChunk } from '../card/helpers.ts';

/** A V2 card whose extension field holds `depth` nested arrays, as JSON text (the parser never recurses). */
export function deepJsonCard(depth: number): string {
  return JSON.stringify(v2Card({ extensions: { x: 'DEEP' } })).replace(
    '"DEEP"',
    `${'['.repeat(depth)}${']'.repeat(depth)}`,
  );
}

/**
 * A zlib stream of about `size` zero bytes, written directly as one fixed-Huffman block: a literal 0, then
 * "copy 258 bytes from 1 back" repeated (13 bits each). Making a gigabyte bomb costs a few MB and milliseconds.
 */
export function zerosZlib(size: number): Uint8Array {
  const reps = Math.ceil(Math.max(0, size - 1) / 258);
  const out = new Uint8Array(2 + Math.ceil((3 + 8 + reps * 13 + 7) / 8) + 4);
  out[0] = 0x78;
  out[1] = 0x9c;
  let bit = 16;
  // Deflate packs bits LSB first; Huffman codes go in most significant bit first.
  const put = (value: number, count: number, huffman: boolean): void => {
    for (let i = 0; i < count; i++) {
      const b = huffman ? (value >> (count - 1 - i)) & 1 : (value >> i) & 1;
      if (b) out[bit >> 3]! |= 1 << (bit & 7);
      bit++;
    }
  };
  put(1, 1, false); // BFINAL
  put(1, 2, false); // BTYPE = fixed Huffman
  put(0x30, 8, true); // literal 0
  for (let i = 0; i < reps; i++) {
    put(0b11000101, 8, true); // length code 285: 258 bytes
    put(0, 5, true); // distance code 0: 1 back
  }
  put(0, 7, true); // end of block
  const total = 1 + reps * 258;
  const adler = (((total % 65521) << 16) | 1) >>> 0;
  new DataView(out.buffer).setUint32(out.length - 4, adler);
  return out;
}

/** A PNG whose `chara` card is a zTXt (or compressed iTXt) chunk inflating to `size` bytes of zeros. */
export function ztxtBombPng(size: number, type: 'zTXt' | 'iTXt' = 'zTXt'): Uint8Array {
  const head = type === 'zTXt' ? new Uint8Array([0]) : new Uint8Array([1, 0, 0, 0]);
  const chunk: RawChunk = {
    type,
    data: concatBytes([latin1Encode('chara'), new Uint8Array([0]), head, zerosZlib(size)]),
  };
  return pngWith([chunk]);
}

/** A PNG with a valid card and `count` tiny chunks around it (tEXt noise with a bad CRC each when asked). */
export function chunkFloodPng(count: number, withCard = true): Uint8Array {
  const noise = Array.from({ length: count }, (_, i) => textChunk(`k${i % 1000}`, 'x'));
  return pngWith(withCard ? [...noise, textChunk('chara', b64(v2Card()))] : noise);
}

/** Rewrites the declared uncompressed size of `name` in a zip's local header and central directory. */
export function withDeclaredSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  const nameBytes = utf8Encode(name);
  for (let at = 0; at + 46 < out.length; at++) {
    const sig = view.getUint32(at, true);
    const isLocal = sig === 0x04034b50;
    const isCentral = sig === 0x02014b50;
    if (!isLocal && !isCentral) continue;
    const nameAt = at + (isLocal ? 30 : 46);
    const len = view.getUint16(at + (isLocal ? 26 : 28), true);
    if (len !== nameBytes.length || !nameBytes.every((b, i) => out[nameAt + i] === b)) continue;
    view.setUint32(at + (isLocal ? 22 : 24), size, true);
  }
  return out;
}

/** A CharX whose card.json header declares fewer bytes than it holds (the "not valid JSON" trap). */
export function lyingCharx(): Uint8Array {
  const card = utf8Encode(JSON.stringify(v2Card()));
  return withDeclaredSize(zipSync({ 'card.json': card }), 'card.json', 10);
}

/** A hand-made zip: one deflated entry per name, with declared sizes as given (default: the truth). */
export function zipOf(entries: { name: string; data: Uint8Array; declared?: number }[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = utf8Encode(e.name);
    const body = deflateSync(e.data);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(8, 8, true);
    lv.setUint32(14, crc32(e.data), true);
    lv.setUint32(18, body.length, true);
    lv.setUint32(22, e.declared ?? e.data.length, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(10, 8, true);
    cv.setUint32(16, crc32(e.data), true);
    cv.setUint32(20, body.length, true);
    cv.setUint32(24, e.declared ?? e.data.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, body);
    centrals.push(central);
    offset += local.length + body.length;
  }
  const cd = concatBytes(centrals);
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, cd.length, true);
  ev.setUint32(16, offset, true);
  return concatBytes([...locals, cd, eocd]);
}

/** Billion laughs: ten levels of nine aliases each, a few hundred bytes expanding to 3.4 billion strings. */
export function yamlAliasBomb(): string {
  let text = 'name: Bomb\ndescription: boom\nlol0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
  for (let i = 1; i < 10; i++)
    text += `lol${i}: &a${i} [${Array(9)
      .fill(`*a${i - 1}`)
      .join(',')}]\n`;
  return text;
}

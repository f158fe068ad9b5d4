/** A plain grey 400×600 portrait PNG, for cards written to PNG that arrive without an image of their own. */
import { zlibSync } from 'fflate';
import { encodeChunk, PNG_SIGNATURE } from './png-chunks.ts';
import { concatBytes, writeU32 } from './bytes.ts';

const WIDTH = 400;
const HEIGHT = 600;
const GREY = 0x8c;
let cached: Uint8Array | undefined;

export function placeholderPng(): Uint8Array {
  if (cached) return cached;
  const ihdr = new Uint8Array(13);
  writeU32(ihdr, 0, WIDTH);
  writeU32(ihdr, 4, HEIGHT);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter method variations, no interlace
  const rows = new Uint8Array((WIDTH + 1) * HEIGHT).fill(GREY);
  for (let y = 0; y < HEIGHT; y++) rows[y * (WIDTH + 1)] = 0; // filter type "None" per scanline
  cached = concatBytes([
    Uint8Array.from(PNG_SIGNATURE),
    encodeChunk('IHDR', ihdr),
    encodeChunk('IDAT', zlibSync(rows, { level: 9 })),
    encodeChunk('IEND', new Uint8Array(0)),
  ]);
  return cached;
}

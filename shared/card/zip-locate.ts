/**
 * Finds a zip inside a file that may carry a prefix (Risu's CharX-JPEG appends the zip to a JPEG; SFX archives
 * prepend an executable). The end-of-central-directory record says how big the central directory is and where it
 * believes it starts; the difference from where it really is gives the prefix length.
 */
import { lastIndexOf } from './bytes.ts';

const EOCD = [0x50, 0x4b, 0x05, 0x06];
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

function u32le(b: Uint8Array, at: number): number {
  return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
}

export interface LocatedZip {
  /** The zip itself, offsets rebased to 0. */
  zip: Uint8Array;
  /** Bytes before the zip (a JPEG, an SFX stub), empty when the file is a plain zip. */
  prefix: Uint8Array;
  /** Offset of the end-of-central-directory record in `zip`. */
  eocd: number;
}

export function locateZip(bytes: Uint8Array): LocatedZip | undefined {
  const eocd = lastIndexOf(bytes, EOCD, bytes.length - EOCD_SIZE);
  if (eocd < 0 || eocd < bytes.length - EOCD_SIZE - MAX_COMMENT) return undefined;
  const cdSize = u32le(bytes, eocd + 12);
  const cdOffset = u32le(bytes, eocd + 16);
  const shift = eocd - cdSize - cdOffset;
  // 0xffffffff marks ZIP64, whose real offsets live elsewhere; SFX tools usually rebase offsets, so shift is 0.
  if (cdOffset === 0xffffffff || shift <= 0) return { zip: bytes, prefix: bytes.subarray(0, 0), eocd };
  return { zip: bytes.subarray(shift), prefix: bytes.subarray(0, shift), eocd: eocd - shift };
}

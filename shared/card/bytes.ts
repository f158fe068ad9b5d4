/** Byte helpers without Node's Buffer: UTF-8, Latin-1, strict base64, big-endian integers, searching. */

const utf8Strict = new TextDecoder('utf-8', { fatal: true });
// Only ever fed ASCII (base64, Latin-1 fast path), where it is the fastest way to make a string.
const ascii = new TextDecoder('utf-8');
const encoder = new TextEncoder();

export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Decodes UTF-8, or returns undefined when the bytes are not valid UTF-8. */
export function utf8DecodeStrict(bytes: Uint8Array): string | undefined {
  try {
    return utf8Strict.decode(bytes);
  } catch {
    return undefined;
  }
}

export function latin1Decode(bytes: Uint8Array): string {
  // ASCII (keywords, base64) is by far the common case, and TextDecoder is much faster than fromCharCode.
  if (isAscii(bytes)) return ascii.decode(bytes);
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x2000)
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x2000) as unknown as number[]);
  return out;
}

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! > 0x7f) return false;
  return true;
}

/** Latin-1 bytes of `text`; characters above U+00FF become 0x00, which no base64 or keyword check accepts. */
export function latin1Encode(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i] = c > 0xff ? 0 : c;
  }
  return out;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(256).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
// URL-safe variants decode too: some web exporters use them.
DECODE[45] = 62;
DECODE[95] = 63;

const ENCODE = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
const PAD = 61; // '='

export function base64Encode(bytes: Uint8Array): string {
  // Encode into ASCII bytes, then decode once: far faster than growing a string four characters at a time.
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let o = 0;
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = ENCODE[n >> 18]!;
    out[o++] = ENCODE[(n >> 12) & 63]!;
    out[o++] = ENCODE[(n >> 6) & 63]!;
    out[o++] = ENCODE[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = (bytes[i]! << 16) | (rest === 2 ? bytes[i + 1]! << 8 : 0);
    out[o++] = ENCODE[n >> 18]!;
    out[o++] = ENCODE[(n >> 12) & 63]!;
    out[o++] = rest === 2 ? ENCODE[(n >> 6) & 63]! : PAD;
    out[o++] = PAD;
  }
  return ascii.decode(out);
}

/**
 * Strict base64 decode of ASCII bytes (whitespace ignored, padding optional, URL-safe alphabet accepted). Returns
 * undefined for anything that is not base64, so callers can fall back to reading the bytes as raw JSON.
 */
export function base64Decode(input: Uint8Array | string): Uint8Array | undefined {
  const b = typeof input === 'string' ? latin1Encode(input) : input;
  let end = b.length;
  while (end > 0 && (b[end - 1] === PAD || isSpace(b[end - 1]!))) end--;
  const out = new Uint8Array(Math.ceil((end * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  let digits = 0;
  for (let i = 0; i < end; i++) {
    const c = b[i]!;
    const v = DECODE[c]!;
    if (v < 0) {
      if (isSpace(c)) continue;
      return undefined;
    }
    digits++;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return digits % 4 === 1 ? undefined : out.subarray(0, o);
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

export function readU32(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}

export function writeU32(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = value >>> 24;
  bytes[at + 1] = (value >>> 16) & 0xff;
  bytes[at + 2] = (value >>> 8) & 0xff;
  bytes[at + 3] = value & 0xff;
}

export function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

/** Last index of `needle` at or before `from`, or -1. */
export function lastIndexOf(bytes: Uint8Array, needle: readonly number[], from = bytes.length - needle.length): number {
  if (needle.length === 0) return from < 0 ? -1 : Math.min(from, bytes.length);
  // The native search finds each place the first byte occurs: a JSON card searched for a zip's end record has
  // none, where comparing at every position cost ≈5 µs a file.
  for (let i = Math.min(from, bytes.length - needle.length); i >= 0; i--) {
    i = bytes.lastIndexOf(needle[0]!, i);
    if (i < 0 || startsWith(bytes, needle, i)) return i;
  }
  return -1;
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const p of parts) total += p.length;
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

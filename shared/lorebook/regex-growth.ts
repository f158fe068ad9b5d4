// Whether a regex key's search over a scan buffer can be resumed when the buffer grows. Recursion only ever appends
// "\n\x01…" to a buffer. A regex that can never match a "\n" cannot match across that seam, and one that never looks
// at what follows its match (no lookahead, no `$` without the `m` flag: at the seam `\b`, `\B` and `m`-mode `$` see a
// "\n" exactly as they saw the end of the text) matches at the same places in the old text as before. So its first
// match in the grown buffer is its first match in the old text, or else its first match in the appended part. The
// test is syntactic and errs towards "no": any class or escape that might match "\n" disqualifies the key.

import { classEnd, escapeEnd } from './regex-literal.ts';

const NEWLINE = 10;

/** Whether `re`'s first match can be carried over when the searched text grows by "\n" and more (see above). */
export function resumable(re: RegExp): boolean {
  if (re.sticky || re.flags.includes('v')) return false;
  const source = re.source;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === '\\') {
      const end = escapeEnd(source, i + 1);
      if (escapeMayMatchNewline(source.slice(i, end + 1))) return false;
      i = end;
    } else if (c === '[') {
      const end = classEnd(source, i);
      if (classMayMatchNewline(source.slice(i + 1, end))) return false;
      i = end;
    } else if (c === '(') {
      if (source[i + 1] !== '?') continue;
      const kind = source.slice(i + 2, i + 4);
      // Non-capturing groups, lookbehinds and named groups only; lookaheads and modifiers disqualify.
      if (kind[0] !== ':' && kind !== '<=' && kind !== '<!' && !/^<[A-Za-z_$]/.test(kind)) return false;
    } else if ((c === '.' && re.dotAll) || (c === '$' && !re.multiline) || c.charCodeAt(0) === NEWLINE) {
      return false;
    }
  }
  return true;
}

/** `escape` (backslash included) might match "\n": whitespace and negated classes, properties, numeric escapes. */
function escapeMayMatchNewline(escape: string): boolean {
  const letter = escape[1] as string;
  if ('sWDnpP'.includes(letter)) return true;
  // Backreferences and legacy octal escapes (`\12` is "\n"); `\0` alone is NUL.
  if (/\d/.test(letter)) return escape !== '\\0';
  if (letter === 'c') return /^[jJ]$/.test(escape.slice(2));
  if (letter === 'x' || letter === 'u') {
    const hex = escape.slice(2).replace(/[{}]/g, '');
    return hex !== '' && Number.parseInt(hex, 16) === NEWLINE;
  }
  return false;
}

/** `body` (between the brackets) might match "\n": negated, or an escape or a range that covers it. */
function classMayMatchNewline(body: string): boolean {
  if (body.startsWith('^')) return true;
  // Code units of the class's single characters in order, NaN for class escapes (\d, \w…), to find ranges.
  const units: number[] = [];
  const dashes: boolean[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '\\') {
      const end = escapeEnd(body, i + 1);
      const escape = body.slice(i, end + 1);
      if (escapeMayMatchNewline(escape)) return true;
      units.push(escapeUnit(escape));
      dashes.push(false);
      i = end;
    } else if (c === '-' && units.length > 0 && i + 1 < body.length) {
      dashes[dashes.length - 1] = true;
    } else {
      units.push(c.charCodeAt(0));
      dashes.push(false);
    }
  }
  for (let k = 0; k + 1 < units.length; k++) {
    if (!dashes[k]) continue;
    const low = units[k] as number;
    const high = units[k + 1] as number;
    if (!(low <= NEWLINE && NEWLINE <= high)) continue;
    return true;
  }
  return units.includes(NEWLINE);
}

/** The code unit an escape stands for inside a class, NaN for class escapes such as `\d`. */
function escapeUnit(escape: string): number {
  const letter = escape[1] as string;
  if (letter === 'x' || letter === 'u') return Number.parseInt(escape.slice(2).replace(/[{}]/g, ''), 16);
  if (letter === '0') return 0;
  if (letter === 't') return 9;
  if (letter === 'v') return 11;
  if (letter === 'f') return 12;
  if (letter === 'r') return 13;
  if (letter === 'b') return 8;
  if (letter === 'c') return (escape.charCodeAt(2) | 0) % 32;
  if (/[A-Za-z]/.test(letter)) return Number.NaN;
  return letter.charCodeAt(0);
}

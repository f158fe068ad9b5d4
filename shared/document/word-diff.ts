/**
 * Word-level differences between two texts (the history panel shows a prose field's whole change, never cut).
 * Words, runs of spaces and single punctuation marks are the units; Han characters count one by one, since
 * Chinese has no spaces between words. The texts joined back from the parts are exactly `before` and `after`.
 */

export interface TextPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Above this many cells the longest-common-subsequence table is not built: the middle is shown as replaced. */
const MAX_CELLS = 4_000_000;

const TOKEN = /\p{Script=Han}|[\p{L}\p{N}_'’]+|\s+|[^]/gu;

function tokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

function push(parts: TextPart[], kind: TextPart['kind'], text: string): void {
  if (text === '') return;
  const last = parts.at(-1);
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

export function diffWords(before: string, after: string): TextPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: TextPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) {
    push(parts, 'removed', midA.join(''));
    push(parts, 'added', midB.join(''));
  } else {
    for (const part of lcsParts(midA, midB)) push(parts, part.kind, part.text);
  }
  push(parts, 'same', a.slice(endA).join(''));
  return parts;
}

/** The classic table: lengths[i][j] = LCS of a[i..] and b[j..], then one walk from the top left. */
function lcsParts(a: string[], b: string[]): TextPart[] {
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] as number) + 1
          : Math.max(lengths[(i + 1) * width + j] as number, lengths[i * width + j + 1] as number);
  const parts: TextPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(parts, 'same', a[i++] as string);
      j++;
    } else if ((lengths[(i + 1) * width + j] as number) >= (lengths[i * width + j + 1] as number)) {
      push(parts, 'removed', a[i++] as string);
    } else {
      push(parts, 'added', b[j++] as string);
    }
  }
  push(parts, 'removed', a.slice(i).join(''));
  push(parts, 'added', b.slice(j).join(''));
  return parts;
}

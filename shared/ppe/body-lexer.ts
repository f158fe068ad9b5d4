// Line lexer for the script body. The body is not one YAML document (bare scalars follow mappings, keys repeat,
// `!fn` blocks sit at the top level), so each column-0 line opens an entry that owns its indented continuation.

export type EntryKind = 'separator' | 'function' | 'chain' | 'item' | 'keyed';

export interface RawEntry {
  kind: EntryKind;
  /** 1-based source line of the first line. */
  line: number;
  lines: string[];
}

const SEPARATOR = /^(---|\*\*\*)\s*(#.*)?$/;

function kindOf(line: string): EntryKind {
  if (SEPARATOR.test(line)) return 'separator';
  if (/^!fn#?(\s|$)/.test(line)) return 'function';
  if (line.startsWith('->')) return 'chain';
  if (/^-(\s|$)/.test(line)) return 'item';
  return 'keyed';
}

const isIndented = (line: string): boolean => /^[ \t]/.test(line) && line.trim() !== '';
const isFiller = (line: string): boolean => line.trim() === '' || line.startsWith('#');

/** `lines` are the whole file's lines; lexing starts at the 0-based index `from`. */
export function lexBody(lines: string[], from: number): RawEntry[] {
  const entries: RawEntry[] = [];
  let i = from;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isFiller(line) || isIndented(line)) {
      // Indented lines with no opener are continuation of nothing: keep them so the YAML parse reports them.
      if (isIndented(line)) entries.push({ kind: 'keyed', line: i + 1, lines: [line] });
      i++;
      continue;
    }
    const kind = kindOf(line);
    const own = [line];
    let j = i + 1;
    if (kind !== 'separator' && kind !== 'chain') {
      // Blank lines and column-0 comments belong to the entry only when indented lines follow them.
      let k = j;
      while (k < lines.length && (isIndented(lines[k]!) || isFiller(lines[k]!))) {
        if (isIndented(lines[k]!)) {
          own.push(...lines.slice(j, k + 1));
          j = k + 1;
        }
        k++;
      }
    }
    entries.push({ kind, line: i + 1, lines: own });
    i = j;
  }
  return entries;
}

// A literal every match of a regex key must contain, lowercased, so the key index can skip the regex whenever the
// lowered buffer lacks it. Only runs of ASCII characters outside groups, classes and quantifiers count, and only when
// the pattern has no top-level alternation: for those, a match always contains the run verbatim (or, with the `i`
// flag, differing only in ASCII case), hence contains it lowercased in the lowered buffer. With `i` and `u` together
// case folding reaches beyond ASCII (ſ matches s), so such keys get no literal. A run that only zero-width assertions
// (`^`, `\b`, `\B`) precede starts every match: it is preferred, so a search can begin at its first occurrence. The
// run as written is kept too: without `i`, a match contains exactly it, so a case-sensitive index can look it up.

const MIN_LITERAL = 3;

export interface RegexLiteral {
  /** Lowercased; at least 3 characters. */
  text: string;
  /** `text` as the pattern writes it: without the `i` flag every match contains exactly this. */
  asWritten: string;
  /** Every match starts with it (at the same offset in the lowered text, and with `asWritten` in the text). */
  leading: boolean;
}

/** The leading run when it has at least 3 characters, else the longest such run, or null. */
export function requiredLiteral(re: RegExp): RegexLiteral | null {
  if (re.ignoreCase && re.unicode) return null;
  const source = re.source;
  let best = '';
  let run = '';
  let leading = '';
  // Nothing but zero-width assertions so far, and the current run (if any) started there.
  let atStart = true;
  const endRun = () => {
    if (atStart) leading = run;
    atStart = false;
    if (run.length > best.length) best = run;
    run = '';
  };
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      // An escaped ASCII punctuation character is itself; letters and digits start classes, assertions, references.
      if (depth === 0 && /^[!-/:-@[-`{-~]$/.test(next)) {
        run += next;
        i++;
      } else if (atStart && run === '' && (next === 'b' || next === 'B')) {
        i++;
      } else {
        i = escapeEnd(source, i + 1);
        endRun();
      }
      continue;
    }
    if (c === '[') {
      i = classEnd(source, i);
      endRun();
      continue;
    }
    if (c === '(') {
      depth++;
      endRun();
      continue;
    }
    if (c === ')') {
      depth--;
      endRun();
      continue;
    }
    if (c === '|') {
      if (depth === 0) return null;
      continue;
    }
    const braces = c === '{' ? /^\{\d+(,\d*)?\}/.exec(source.slice(i)) : null;
    if (c === '?' || c === '*' || c === '+' || braces) {
      // The quantified atom may repeat or vanish: the run ends before it.
      run = run.slice(0, -1);
      endRun();
      if (braces) i += braces[0].length - 1;
      continue;
    }
    if (depth > 0) continue;
    if (c === '^' && atStart && run === '') continue;
    if (
      c === '.' ||
      c === '^' ||
      c === '$' ||
      c === '{' ||
      c === '}' ||
      c.charCodeAt(0) > 0x7e ||
      c.charCodeAt(0) < 0x20
    )
      endRun();
    else run += c;
  }
  endRun();
  if (leading.length >= MIN_LITERAL) return { text: leading.toLowerCase(), asWritten: leading, leading: true };
  return best.length >= MIN_LITERAL ? { text: best.toLowerCase(), asWritten: best, leading: false } : null;
}

/**
 * For a key without a required literal: literals, lowercased, one of which every match contains — the required
 * literal of each branch of a top-level alternation, or else of each branch of a group every match passes through
 * (capturing, non-capturing or named; not a lookaround, not quantified). Null unless every branch has one.
 */
export function requiredAlternatives(re: RegExp): string[] | null {
  if (re.ignoreCase && re.unicode) return null;
  const source = re.source;
  const top = branchesOf(source, 0, source.length);
  if (top.length > 1) return literalsOf(top, re.flags);
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === '\\') i = escapeEnd(source, i + 1);
    else if (c === '[') i = classEnd(source, i);
    else if (c === '(') {
      const end = groupEnd(source, i);
      const content = groupContent(source, i);
      const next = source[end + 1];
      if (content >= 0 && next !== '?' && next !== '*' && next !== '+' && next !== '{') {
        const found = literalsOf(branchesOf(source, content, end), re.flags);
        if (found) return found;
      }
      i = end;
    }
  }
  return null;
}

/** Where the content of the group opened at `start` begins: capturing, non-capturing or named; -1 for others. */
function groupContent(source: string, start: number): number {
  if (source[start + 1] !== '?') return start + 1;
  if (source[start + 2] === ':') return start + 3;
  const named = /^\?<[A-Za-z_$][\w$]*>/.exec(source.slice(start + 1));
  return named ? start + 1 + named[0].length : -1;
}

/** The `|`-separated branches of `source[from, to)` at its own nesting level. */
function branchesOf(source: string, from: number, to: number): string[] {
  const branches: string[] = [];
  let depth = 0;
  let start = from;
  for (let i = from; i < to; i++) {
    const c = source[i] as string;
    if (c === '\\') i = escapeEnd(source, i + 1);
    else if (c === '[') i = classEnd(source, i);
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      branches.push(source.slice(start, i));
      start = i + 1;
    }
  }
  branches.push(source.slice(start, to));
  return branches;
}

/** Index of the `)` closing the group opened at `start` (the text's end when unclosed). */
function groupEnd(source: string, start: number): number {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const c = source[i] as string;
    if (c === '\\') i = escapeEnd(source, i + 1);
    else if (c === '[') i = classEnd(source, i);
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return source.length;
}

/** Each branch's required literal (as its own pattern, same flags), or null when one has none. */
function literalsOf(branches: readonly string[], flags: string): string[] | null {
  const literals = new Set<string>();
  for (const branch of branches) {
    let re: RegExp;
    try {
      re = new RegExp(branch, flags);
    } catch {
      return null;
    }
    const literal = requiredLiteral(re);
    if (!literal) return null;
    literals.add(literal.text);
  }
  return [...literals];
}

/** Index of the last character of the escape whose letter or digit is at `at`. */
export function escapeEnd(source: string, at: number): number {
  const letter = source[at] ?? '';
  const rest = source.slice(at + 1);
  let body: RegExpExecArray | null = null;
  if (letter === 'c') body = /^[A-Za-z]/.exec(rest);
  else if (letter === 'x') body = /^[\da-fA-F]{0,2}/.exec(rest);
  else if (letter === 'u') body = /^(\{[\da-fA-F]*\}|[\da-fA-F]{0,4})/.exec(rest);
  else if (letter === 'k') body = /^<[^>]*>/.exec(rest);
  else if (letter === 'p' || letter === 'P') body = /^\{[^}]*\}/.exec(rest);
  else if (/\d/.test(letter)) body = /^\d*/.exec(rest);
  return at + (body?.[0].length ?? 0);
}

/** Index of the `]` closing the class opened at `start` (escapes and `[` inside it included). */
export function classEnd(source: string, start: number): number {
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']') return i;
  }
  return source.length;
}

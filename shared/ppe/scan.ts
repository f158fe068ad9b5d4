// Small lexical helpers shared by the line lexer, chains and call arguments: quote- and bracket-aware scanning.

const CLOSERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Index just past the quoted string starting at `start` (a `'` or `"`), or -1 when it is not closed. */
export function skipQuoted(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\' && quote === '"') i++;
    else if (text[i] === quote) {
      // YAML single quotes escape themselves by doubling.
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i + 1;
    }
  }
  return -1;
}

/** Index of the bracket closing the one at `start`, skipping quotes and nested brackets; -1 when unbalanced. */
export function matchBracket(text: string, start: number): number {
  const stack: string[] = [];
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      const end = skipQuoted(text, i);
      if (end < 0) return -1;
      i = end - 1;
    } else if (CLOSERS[ch]) stack.push(CLOSERS[ch]);
    else if (ch === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/** Splits on `separator` where it is outside quotes and brackets; each part keeps its start offset. */
export function splitTopLevel(text: string, separator: string): { text: string; start: number }[] {
  const parts: { text: string; start: number }[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      const end = skipQuoted(text, i);
      if (end < 0) break;
      i = end - 1;
    } else if (ch in CLOSERS) depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push({ text: text.slice(from, i), start: from });
      from = i + separator.length;
      i = from - 1;
    }
  }
  parts.push({ text: text.slice(from), start: from });
  return parts;
}

/** `$name` or `$name(args)` with nothing else: the bare-directive forms. */
export function parseDirectiveHead(text: string): { name: string; callArgs?: string; rest: string } | undefined {
  const m = /^\$(\|?[A-Za-z_][\w.-]*)/.exec(text);
  if (!m) return undefined;
  let end = m[0].length;
  let callArgs: string | undefined;
  if (text[end] === '(') {
    const close = matchBracket(text, end);
    if (close < 0) return undefined;
    callArgs = text.slice(end + 1, close);
    end = close + 1;
  }
  return { name: m[1]!, callArgs, rest: text.slice(end) };
}

/** Strips a trailing YAML comment (` # …`) from a line fragment outside quotes. */
export function stripComment(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      const end = skipQuoted(text, i);
      if (end < 0) return text;
      i = end - 1;
    } else if (ch === '#' && (i === 0 || /\s/.test(text[i - 1]!))) return text.slice(0, i);
  }
  return text;
}

// SillyTavern 1.18's default macro engine (docs/prompt-assembly.md#macros), the subset a test chat needs.
// Rules kept: case-insensitive names, `{{ name }}` spacing, `::` arguments and the legacy `name:arg` / `name arg`
// forms, nested macros resolved inside-out, output never re-scanned, unknown or failing macros left verbatim,
// `\{`/`\}` escapes, `<USER>`-style aliases, and `{{trim}}` eating the newlines around it after evaluation.

export interface MacroEnv {
  user: string;
  char: string;
  /** Value macros by lower-case name (card fields, persona, examples, …). Absent names stay verbatim. */
  values: Readonly<Record<string, string>>;
  outlets: Readonly<Record<string, readonly string[]>>;
  random: () => number;
}

export interface MacroOptions {
  /** The text `{{original}}` stands for; without it `{{original}}` stays literal (docs/prompt-assembly.md#card-overrides). */
  original?: string;
}

const TRIM = Symbol('trim');
type Piece = string | typeof TRIM;

interface State {
  env: MacroEnv;
  original: string | undefined;
  originalUsed: boolean;
}

type Handler = (args: string[], state: State) => string | undefined;

const count = (arg: string | undefined): number | undefined => {
  if (arg === undefined) return 1;
  const n = Number(arg.trim());
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

/** Splits the legacy `a,b` list of `{{random:a,b}}`; `\,` keeps a comma. */
const splitCommaList = (text: string): string[] =>
  text.split(/(?<!\\),/).map((item) => item.replace(/\\,/g, ',').trim());

function rollDice(formula: string, random: () => number): string | undefined {
  const m = /^\s*(?:(\d*)d)?(\d+)\s*([+-]\s*\d+)?\s*$/i.exec(formula);
  if (!m) return undefined;
  const dice = m[1] ? Number(m[1]) : 1;
  const sides = Number(m[2]);
  if (sides < 1) return undefined;
  let total = m[3] ? Number(m[3].replace(/\s/g, '')) : 0;
  for (let i = 0; i < dice; i++) total += 1 + Math.floor(random() * sides);
  return String(total);
}

const handlers: Record<string, Handler> = {
  user: (_a, s) => s.env.user,
  char: (_a, s) => s.env.char,
  // Solo chat: the group macros name the character; "everyone but the speaker" is the user.
  group: (_a, s) => s.env.char,
  charifnotgroup: (_a, s) => s.env.char,
  groupnotmuted: (_a, s) => s.env.char,
  notchar: (_a, s) => s.env.user,
  newline: ([n]) => (count(n) === undefined ? undefined : '\n'.repeat(count(n)!)),
  space: ([n]) => (count(n) === undefined ? undefined : ' '.repeat(count(n)!)),
  noop: () => '',
  original: (_a, s) => {
    if (s.original === undefined) return undefined;
    if (s.originalUsed) return '';
    s.originalUsed = true;
    return s.original;
  },
  outlet: ([name], s) => (name === undefined ? undefined : (s.env.outlets[name.trim()] ?? []).join('\n')),
  random: (args, s) => {
    const items = args.length === 1 ? splitCommaList(args[0]!) : args;
    if (items.length === 0) return undefined;
    return items[Math.floor(s.env.random() * items.length)] ?? '';
  },
  roll: ([formula], s) => (formula === undefined ? undefined : rollDice(formula, s.env.random)),
  reverse: ([text]) => (text === undefined ? undefined : [...text].reverse().join('')),
  banned: () => '',
};

function parseBody(body: string): { name: string; args: string[] } {
  const trimmed = body.trim();
  if (trimmed.includes('::')) {
    const [name = '', ...args] = trimmed.split('::');
    return { name: name.trim().toLowerCase(), args };
  }
  const legacy = /^([A-Za-z_][\w-]*)(?:\s*:\s*|\s+)([\s\S]+)$/.exec(trimmed);
  if (legacy) return { name: legacy[1]!.toLowerCase(), args: [legacy[2]!] };
  return { name: trimmed.toLowerCase(), args: [] };
}

function evaluate(body: string, state: State, topLevel: boolean): Piece | undefined {
  const { name, args } = parseBody(body);
  if (name === 'trim' && args.length === 0) return topLevel ? TRIM : '';
  const handler = handlers[name];
  if (handler) return handler(args, state);
  return args.length === 0 ? state.env.values[name] : undefined;
}

/** Index just past the `}}` closing a comment opened at `start`, or -1 when `start` does not open one. */
function commentEnd(text: string, start: number): number {
  let i = start + 2;
  while (text[i] === ' ' || text[i] === '\t') i++;
  if (!text.startsWith('//', i)) return -1;
  const close = text.indexOf('}}', i);
  return close < 0 ? -1 : close + 2;
}

/** Reads the macro opened at `start` (nested macros already evaluated); null when it is never closed. */
function readMacro(text: string, start: number, state: State): { end: number; body: string } | null {
  let body = '';
  let i = start + 2;
  while (i < text.length) {
    if (text[i] === '\\' && (text[i + 1] === '{' || text[i + 1] === '}')) {
      body += text[i + 1];
      i += 2;
    } else if (text.startsWith('}}', i)) {
      return { end: i + 2, body };
    } else if (text.startsWith('{{', i)) {
      const skip = commentEnd(text, i);
      if (skip >= 0) {
        i = skip;
        continue;
      }
      const inner = readMacro(text, i, state);
      if (!inner) {
        body += '{{';
        i += 2;
        continue;
      }
      const value = evaluate(inner.body, state, false);
      body += typeof value === 'string' ? value : `{{${inner.body}}}`;
      i = inner.end;
    } else {
      body += text[i];
      i++;
    }
  }
  return null;
}

function joinPieces(pieces: Piece[]): string {
  let out = '';
  let eatLeading = false;
  for (const piece of pieces) {
    if (piece === TRIM) {
      out = out.replace(/[\r\n]+$/, '');
      eatLeading = true;
    } else {
      const kept = eatLeading ? piece.replace(/^[\r\n]+/, '') : piece;
      if (kept) eatLeading = false;
      out += kept;
    }
  }
  return out;
}

const aliases: [RegExp, string][] = [
  [/<USER>/gi, '{{user}}'],
  [/<(?:BOT|CHAR)>/gi, '{{char}}'],
  [/<GROUP>/gi, '{{group}}'],
  [/<CHARIFNOTGROUP>/gi, '{{charIfNotGroup}}'],
];

export function expandMacros(text: string, env: MacroEnv, options: MacroOptions = {}): string {
  if (!text.includes('<') && !text.includes('{') && !text.includes('\\')) return text;
  let source = text;
  for (const [pattern, macro] of aliases) source = source.replace(pattern, macro);
  const state: State = { env, original: options.original, originalUsed: false };
  const pieces: Piece[] = [];
  let literal = '';
  let i = 0;
  while (i < source.length) {
    if (source[i] === '\\' && (source[i + 1] === '{' || source[i + 1] === '}')) {
      literal += source[i + 1];
      i += 2;
      continue;
    }
    if (!source.startsWith('{{', i)) {
      literal += source[i];
      i++;
      continue;
    }
    const skip = commentEnd(source, i);
    if (skip >= 0) {
      i = skip;
      continue;
    }
    const macro = readMacro(source, i, state);
    if (!macro) {
      literal += '{{';
      i += 2;
      continue;
    }
    const value = evaluate(macro.body, state, true);
    pieces.push(literal, value ?? `{{${macro.body}}}`);
    literal = '';
    i = macro.end;
  }
  pieces.push(literal);
  return joinPieces(pieces);
}

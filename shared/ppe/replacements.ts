// `[[…]]` advanced replacements inside message text: AI generation `[[VAR:params]]` (with choice lists and local
// random), script/directive calls `[[@id(args)]]`, and regex extraction `[[/re/flags:VAR[:group]]]`.

export interface Choice {
  items: string[];
  /** Pick up to this many (`:2`); 1 by default. */
  max: number;
  random: boolean;
}

export type Replacement =
  | { kind: 'ai'; name: string; params?: string; choice?: Choice }
  | { kind: 'call'; target: string; args?: string }
  | { kind: 'regex'; pattern: string; flags: string; source: string; group?: string };

export interface Found {
  start: number;
  end: number;
  replacement?: Replacement;
  /** Why the text between the brackets is not a replacement. */
  error?: string;
}

// The pattern ends at the first `/` followed by `flags:VAR]]`, so `</RESULT>` needs no escaping.
const REGEX = /^\/(.+?)\/([dgimsuvy]*):([A-Za-z_][\w.]*)(?::(\w+))?\]\]/s;

export function findReplacements(text: string): Found[] {
  const found: Found[] = [];
  let from = 0;
  for (let start = text.indexOf('[[', from); start >= 0; start = text.indexOf('[[', from)) {
    const regex = REGEX.exec(text.slice(start + 2));
    if (regex) {
      const end = start + 2 + regex[0].length;
      found.push({
        start,
        end,
        replacement: { kind: 'regex', pattern: regex[1]!, flags: regex[2]!, source: regex[3]!, group: regex[4] },
      });
      from = end;
      continue;
    }
    const close = text.indexOf(']]', start + 2);
    if (close < 0) {
      found.push({ start, end: text.length, error: 'unclosed "[[" (missing "]]")' });
      break;
    }
    const end = close + 2;
    found.push({ start, end, ...parseInner(text.slice(start + 2, close)) });
    from = end;
  }
  return found;
}

function parseInner(inner: string): { replacement?: Replacement; error?: string } {
  const call = /^@(\$?[\w.-]+)\s*(?:\((.*)\))?$/s.exec(inner.trim());
  if (call) return { replacement: { kind: 'call', target: call[1]!, args: call[2] } };
  const ai = /^([A-Za-z_]\w*)\s*(?::(.*))?$/s.exec(inner.trim());
  if (!ai)
    return {
      error: `"[[${inner}]]" is not a replacement: expected [[VAR]], [[VAR:params]], [[@script(args)]] or [[/re/:VAR]]`,
    };
  const params = ai[2]?.trim();
  if (params?.startsWith('|')) return { replacement: { kind: 'ai', name: ai[1]!, choice: parseChoice(params) } };
  return { replacement: { kind: 'ai', name: ai[1]!, params } };
}

/** `|a|b|c`, `|a|b:2`, `|a|b:random`, `|a|b:type='random'`. */
function parseChoice(text: string): Choice {
  const items = text
    .slice(1)
    .split('|')
    .map((s) => s.trim());
  let max = 1;
  let random = false;
  const last = items[items.length - 1] ?? '';
  const options = /^(.*?):([^:]*)$/.exec(last);
  if (options) {
    items[items.length - 1] = options[1]!.trim();
    const option = options[2]!.trim();
    if (/^\d+$/.test(option)) max = Number(option);
    random = option === 'random' || /type\s*=\s*['"]?random/.test(option);
  }
  return { items: items.filter((s) => s !== ''), max, random };
}

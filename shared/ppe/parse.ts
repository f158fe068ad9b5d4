// parsePpe: front matter + line-lexed body → AST with source ranges, plus the syntax diagnostics found on the way.
import { lexBody } from './body-lexer.ts';
import type { RawEntry } from './body-lexer.ts';
import { splitFrontMatter } from './front-matter.ts';
import { loadLocated, YamlError, entriesOf } from './located-yaml.ts';
import { attachBlock, chainFrom, directiveFrom, functionName, instructionsFrom, rangeAt } from './instructions.ts';
import type { BuildContext } from './instructions.ts';
import { parseDirectiveHead, stripComment } from './scan.ts';
import type { Diagnostic, Instruction, PpeAst, Range, YamlNode } from './types.ts';

export interface ParseResult {
  ast: PpeAst;
  diagnostics: Diagnostic[];
}

export function parsePpe(text: string): ParseResult {
  const lines = text.split(/\r?\n/);
  const split = splitFrontMatter(lines);
  const diagnostics = [...split.diagnostics];
  const roles = split.frontMatter?.data['roles'];
  const ctx: BuildContext = { speakers: new Set(roles && typeof roles === 'object' ? Object.keys(roles) : []) };
  const body: Instruction[] = [];
  for (const entry of lexBody(lines, split.bodyStart)) {
    try {
      for (const instruction of entryInstructions(entry, ctx)) {
        const prev = body[body.length - 1];
        // `then:`/`do:` written at column 0 right under their control directive still belong to it.
        if (
          instruction.kind === 'unknown' &&
          instruction.value &&
          prev?.kind === 'directive' &&
          attachBlock(prev, instruction.key, instruction.value, ctx)
        )
          continue;
        body.push(instruction);
      }
    } catch (e) {
      if (!(e instanceof YamlError)) throw e;
      diagnostics.push({
        code: 'yaml-syntax',
        severity: 'error',
        message: `YAML: ${e.message}.`,
        line: e.where.line,
        column: e.where.column,
      });
    }
  }
  return { ast: { frontMatter: split.frontMatter, body }, diagnostics };
}

function entryRange(entry: RawEntry): Range {
  const last = entry.lines[entry.lines.length - 1]!;
  return {
    start: { line: entry.line, column: 1 },
    end: { line: entry.line + entry.lines.length - 1, column: last.length + 1 },
  };
}

function entryInstructions(entry: RawEntry, ctx: BuildContext): Instruction[] {
  const first = entry.lines[0]!;
  const range = entryRange(entry);
  switch (entry.kind) {
    case 'separator':
      return [{ kind: 'separator', marker: first.slice(0, 3), range }];
    case 'chain':
      return [{ ...chainFrom(stripComment(first).trimEnd(), range.start), range }];
    case 'function': {
      const source = functionSource(entry);
      return [
        { kind: 'function', tag: first.startsWith('!fn#') ? '!fn#' : '!fn', source, name: functionName(source), range },
      ];
    }
    case 'item':
      return instructionsFrom(loadLocated(entry.lines.join('\n'), entry.line), ctx);
    case 'keyed':
      return first.startsWith('$')
        ? directiveEntry(entry, range, ctx)
        : instructionsFrom(loadLocated(entry.lines.join('\n'), entry.line), ctx);
  }
}

/** The block under `!fn |-` (or text after the tag on its own line), dedented. */
function functionSource(entry: RawEntry): string {
  const inline = entry.lines[0]!.replace(/^!fn#?\s*/, '').replace(/^[|>][-+]?\s*$/, '');
  const rest = entry.lines.slice(1);
  const indent = Math.min(...rest.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
  return [inline, ...rest.map((l) => l.slice(Number.isFinite(indent) ? indent : 0))]
    .filter((l, i) => i > 0 || l)
    .join('\n');
}

/**
 * `$name…` entries. The key is read here, not by YAML, so `$match(x)` and `$print("a: b")` keep their text.
 * The value is parsed with the key blanked out, so YAML columns stay source columns.
 */
function directiveEntry(entry: RawEntry, range: Range, ctx: BuildContext): Instruction[] {
  const first = entry.lines[0]!;
  const head = parseDirectiveHead(first);
  if (!head) return instructionsFrom(loadLocated(entry.lines.join('\n'), entry.line), ctx);
  const afterHead = first.length - head.rest.length;
  const colon = /^\s*:(?=\s|$)/.exec(head.rest);
  if (!colon) {
    if (stripComment(head.rest).trim() !== '' || entry.lines.length > 1) {
      throw new YamlError(`expected ":" after $${head.name}`, { line: entry.line, column: afterHead + 1 });
    }
    return [directiveFrom(head.name, head.callArgs, undefined, range, ctx)];
  }
  const valueStart = afterHead + colon[0].length;
  const inline = ' '.repeat(valueStart) + first.slice(valueStart);
  const continuation = entry.lines.slice(1);
  let value: YamlNode;
  let siblings: YamlNode | undefined;
  try {
    value = loadLocated([inline, ...continuation].join('\n'), entry.line);
  } catch (e) {
    // `$for: 3` followed by indented `as:`/`do:`: the indented keys are siblings of the directive's own value.
    if (!(e instanceof YamlError) || continuation.length === 0 || stripComment(inline).trim() === '') throw e;
    try {
      value = loadLocated(inline, entry.line);
      siblings = loadLocated(continuation.join('\n'), entry.line + 1);
    } catch {
      throw e;
    }
  }
  const directive = directiveFrom(head.name, head.callArgs, value, range, ctx);
  const out: Instruction[] = [directive];
  for (const sibling of siblings ? entriesOf(siblings) : []) {
    if (!attachBlock(directive, sibling.key, sibling.value, ctx))
      out.push({
        kind: 'unknown',
        key: sibling.key,
        value: sibling.value,
        range: rangeAt(sibling.keyPos, sibling.key.length),
      });
  }
  return out;
}

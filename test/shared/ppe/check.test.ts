// Diagnostics: every one has a code, a severity and the 1-based line/column of the problem.
import { describe, expect, it } from 'vitest';
import { checkPpe } from '../../../shared/ppe/check.ts';

const inLibrary = (id: string): boolean => ['upper', 'upper2'].includes(id);
const check = (lines: string[]) =>
  checkPpe(lines.join('\n'), { scriptExists: inLibrary }).map(({ code, severity, line, column }) => ({
    code,
    severity,
    line,
    column,
  }));

describe('checkPpe', () => {
  it('reports broken front-matter YAML where it is', () => {
    expect(check(['---', 'name: Dobby', 'parameters: {temperature: 0.3', '---', 'user: hi'])).toEqual([
      { code: 'front-matter-yaml', severity: 'error', line: 4, column: 1 },
    ]);
  });

  it('reports an unclosed front matter at line 1', () => {
    expect(check(['---', 'name: Dobby', 'user: hi'])[0]).toEqual({
      code: 'front-matter-unclosed',
      severity: 'error',
      line: 1,
      column: 1,
    });
  });

  it('checks the front matter against its schema, at the offending key', () => {
    const d = checkPpe(
      ['---', 'parameters:', '  temperature: hot', 'templateFormat: mustache', '---', 'user: hi'].join('\n'),
    );
    expect(d.map((x) => [x.code, x.line, x.column])).toEqual([
      ['front-matter-schema', 3, 16],
      ['front-matter-schema', 4, 17],
    ]);
    expect(d[0]!.message).toBe('parameters.temperature must be number');
  });

  it('points at an unclosed template tag inside the message', () => {
    expect(check(['system: "Act as {{name}}. {{description"'])).toEqual([
      { code: 'template-unclosed', severity: 'error', line: 1, column: 27 },
    ]);
    expect(check(['user: |-', '  line one', '  and {% if x %} never closed'])).toEqual([
      { code: 'template-syntax', severity: 'error', line: 1, column: 1 },
    ]);
  });

  it('reports unknown directives, including nested ones, and unknown keys', () => {
    expect(check(['user: hi', '$frobnicate: 1', '$if: "a == 1"', '  then:', '    - $nope', 'foo: bar'])).toEqual([
      { code: 'unknown-directive', severity: 'error', line: 2, column: 1 },
      { code: 'unknown-directive', severity: 'error', line: 5, column: 7 },
      { code: 'unknown-key', severity: 'error', line: 6, column: 1 },
    ]);
  });

  it('reports $break/$continue outside loops but not inside them', () => {
    expect(check(['$break', '$while: "true"', '  do:', '    - $if: "1"', '      then: $break'])).toEqual([
      { code: 'loop-control-outside-loop', severity: 'error', line: 1, column: 1 },
    ]);
  });

  it('reports unsupported constructs as warnings, not errors', () => {
    expect(
      check([
        '---',
        'import:',
        '  - "js:lodash"',
        'roles: {dobby: char-dobby}',
        '---',
        '!fn |-',
        '  hi() {}',
        '$hi',
        '$pipe',
        'dobby: "[[AI]]"',
        'user: "((great:2)) day"',
      ]),
    ).toEqual([
      { code: 'unsupported', severity: 'warning', line: 2, column: 1 },
      { code: 'unsupported', severity: 'warning', line: 4, column: 1 },
      { code: 'unsupported', severity: 'warning', line: 6, column: 1 },
      { code: 'unsupported', severity: 'warning', line: 8, column: 1 },
      { code: 'unsupported', severity: 'warning', line: 9, column: 1 },
      { code: 'unsupported', severity: 'warning', line: 10, column: 1 },
      { code: 'unsupported', severity: 'warning', line: 11, column: 1 },
    ]);
  });

  it('reports references to scripts that are not in the library', () => {
    expect(
      check([
        '---',
        'type: wizard',
        '---',
        'user: "!X [[@calc(1)]] [[@upper2(a)]]"',
        '-> upper -> translator(lang=fr)',
        '$exec:',
        '  id: missing',
      ]),
    ).toEqual([
      { code: 'missing-script', severity: 'error', line: 2, column: 7 },
      { code: 'missing-script', severity: 'error', line: 4, column: 11 },
      { code: 'missing-script', severity: 'error', line: 5, column: 13 },
      { code: 'missing-script', severity: 'error', line: 7, column: 7 },
    ]);
  });

  it('reports expression and match-pattern syntax with positions', () => {
    expect(check(['$echo: "?=1 +* 2"', '$match(x):', '  :/[a/:', '    - $echo: y'])).toEqual([
      { code: 'expression-syntax', severity: 'error', line: 1, column: 14 },
      { code: 'match-pattern', severity: 'error', line: 3, column: 3 },
    ]);
  });

  it('warns about regexes that can backtrack catastrophically, in $match arms and [[…]] replacements', () => {
    expect(
      check([
        '$set: {s: x}',
        '$match(s):',
        '  :/(a+)+$/:',
        '    - $echo: y',
        "user: '[[/(\\w+\\s?)*!/:s]]'",
        "user: '[[/(\\w+)!/:s]]'",
      ]),
    ).toEqual([
      { code: 'catastrophic-regex', severity: 'warning', line: 3, column: 3 },
      { code: 'catastrophic-regex', severity: 'warning', line: 5, column: 8 },
    ]);
  });

  it('reports body YAML errors and orphan blocks', () => {
    expect(check(['user: "unterminated', 'then:', '  $echo: x', '$echo "hi"'])).toEqual([
      { code: 'yaml-syntax', severity: 'error', line: 2, column: 1 },
      { code: 'orphan-block', severity: 'error', line: 2, column: 1 },
      { code: 'yaml-syntax', severity: 'error', line: 4, column: 6 },
    ]);
  });

  it('finds nothing wrong with the reference fixtures that are inside the subset', async () => {
    const { fixture } = await import('./helpers.ts');
    for (const name of ['case-01', 'case-02', 'case-05', 'case-09', 'case-12', 'case-13b', 'case-21', 'case-29']) {
      expect(checkPpe(fixture(name), { scriptExists: inLibrary }), name).toEqual([]);
    }
  });
});

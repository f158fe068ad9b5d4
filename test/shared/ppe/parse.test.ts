import { describe, expect, it } from 'vitest';
import { parsePpe } from '../../../shared/ppe/parse.ts';
import type { Instruction } from '../../../shared/ppe/types.ts';

/** Kind, name/role and start of each instruction, nested blocks included. */
function outline(nodes: Instruction[]): unknown[] {
  return nodes.map((n) => {
    const at = `${n.range.start.line}:${n.range.start.column}`;
    switch (n.kind) {
      case 'message':
        return `${at} ${n.role}${n.targets ? `[${n.targets}]` : ''}: ${n.text}`;
      case 'directive': {
        const blocks = { then: n.then, else: n.else, do: n.do };
        const nested = Object.entries(blocks)
          .filter(([, v]) => v)
          .map(([k, v]) => [k, outline(v!)]);
        const arms = n.arms?.map((a) => [
          `${a.range.start.line}:${a.range.start.column} :${a.pattern}`,
          outline(a.body),
        ]);
        return [`${at} $${n.name}${n.callArgs === undefined ? '' : `(${n.callArgs})`}`, ...nested, ...(arms ?? [])];
      }
      case 'chain':
        return `${at} chain ${n.steps.map((s) => `${s.pos.column}:${s.target}${s.args === undefined ? '' : `(${s.args})`}`).join(' ')}`;
      case 'separator':
        return `${at} ${n.marker}`;
      case 'function':
        return `${at} ${n.tag} ${n.name}: ${n.source}`;
      case 'unknown':
        return `${at} unknown ${n.key}`;
    }
  });
}

describe('parsePpe', () => {
  it('lexes the body into ordered top-level entries with positions', () => {
    const { ast, diagnostics } = parsePpe(
      [
        '---',
        'name: Dobby',
        '---',
        'system: "You are {{name}}."   # comment',
        '"What\'s 10 plus 18?"',
        '***',
        '$set: {a: 1}',
        '$set: {a: ?=a+1}',
        '$AI',
        '-> upper(suffix="!!") -> $print',
        '!fn# |-',
        '  function toStr(v) {',
        '    return JSON.stringify(v)',
        '  }',
        '- user: listed',
        '- ---',
        'user[@dobby]: hi',
      ].join('\n'),
    );
    expect(diagnostics).toEqual([]);
    expect(ast.frontMatter?.data).toEqual({ name: 'Dobby' });
    expect(outline(ast.body)).toEqual([
      '4:1 system: You are {{name}}.',
      "5:1 user: What's 10 plus 18?",
      '6:1 ***',
      ['7:1 $set'],
      ['8:1 $set'],
      ['9:1 $AI'],
      '10:1 chain 4:upper(suffix="!!") 26:$print',
      '11:1 !fn# toStr: function toStr(v) {\n  return JSON.stringify(v)\n}',
      '15:3 user: listed',
      '16:3 ---',
      '17:1 user[@dobby]: hi',
    ]);
  });

  it('attaches then/else/do/as blocks written indented, at column 0, or in list items', () => {
    const { ast, diagnostics } = parsePpe(
      [
        '$if: "a == 1"',
        '  then:',
        '    $echo: Ok',
        '  else:',
        '    - $echo: No',
        '$while: "i < 3"',
        'do:',
        '  - $break',
        '- $for: 3',
        '  as: {value: v}',
        '  do: $continue',
        '$match(x, true):',
        '  :1..5:',
        '    - $echo: small',
        '  _:',
        '    - $echo: other',
      ].join('\n'),
    );
    expect(diagnostics).toEqual([]);
    expect(outline(ast.body)).toEqual([
      ['1:1 $if', ['then', [['3:5 $echo']]], ['else', [['5:7 $echo']]]],
      ['6:1 $while', ['do', [['8:5 $break']]]],
      ['9:3 $for', ['do', [['11:7 $continue']]]],
      ['12:1 $match(x, true)', ['13:3 :1..5', [['14:7 $echo']]], ['15:3 :_', [['16:7 $echo']]]],
    ]);
  });

  it('parses the spec examples without syntax errors', () => {
    const examples = [
      // list-expression.ai.yaml
      'system: Only list the calculation expression, do not calculate the result\n---\nuser: "Three candies plus five candies."\nassistant: "[[CalcExpression]]"\n-> calculator  # comment\n$echo: "#A total of {{LatestResult}} pieces of candy"',
      // joke
      'assistant: "Tell me a joke: [[JOKE]] I hope you like it!"\n-> $print(JOKE)\n$ret(\'\')',
      // char-dobby with character map
      '---\ntype: char\ndescription: |-\n  Remember to always use the character name.\ncharacter:\n  name: "Dobby"\n---\nuser: Who are you?\n# the following messages\n---\nassistant: I am Dobby. Dobby is happy.',
      // $for with print call form
      '$for: "{a:1, b:2}"\n  as:\n    index: k\n    value: v\n  do:\n    - $print("The current item is:{{k}}={{v}}")',
      // $exec and $set with !fn value
      '$AI\n$exec:\n  filename: json\n  args: "?=LatestResult"\n$set:\n  testVar.a: 124\n  var2: !fn (key) { return key + \'hi\' }',
    ];
    for (const text of examples) expect(parsePpe(text).diagnostics, text).toEqual([]);
  });

  it('keeps line/column of YAML errors inside entries', () => {
    expect(parsePpe('user: hi\n$set:\n  a: [1, 2\n').diagnostics).toMatchObject([
      { code: 'yaml-syntax', line: 4, column: 1 },
    ]);
  });
});

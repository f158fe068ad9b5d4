// Diagnostics: every one has a code, a severity and the 1-based line/column of the problem.
import { describe, expect, it } from 'vitest';
import { checkPpe } from '../../../shared/ppe/check.ts';
import type { CheckOptions } from '../../../shared/ppe/check.ts';
import { fixture } from './helpers.ts';

const LIBRARY: Record<string, string> = {
  upper: fixture('upper'),
  upper2: fixture('upper'),
  persona: ['---', 'type: lib', 'input: [mood]', 'tone: dry', '---', '$set: {era: modern}', 'system: "{{mood}}"'].join(
    '\n',
  ),
  narrator: ['---', 'type: persona', 'voice: calm', '---', 'user: "[[opening]]"'].join('\n'),
};
const loadScript = (id: string): string | undefined => LIBRARY[id];
type Found = [code: string, severity: string, line: number, column: number];
const check = (script: string | string[], options: CheckOptions = { loadScript }): Found[] =>
  checkPpe(Array.isArray(script) ? script.join('\n') : script, options).map((d) => [
    d.code,
    d.severity,
    d.line,
    d.column,
  ]);

/** [what it shows, script lines, findings]. */
const CASES: [string, string | string[], Found[]][] = [
  [
    'broken front-matter YAML where it is',
    ['---', 'name: Dobby', 'parameters: {temperature: 0.3', '---', 'user: hi'],
    [['front-matter-yaml', 'error', 4, 1]],
  ],
  [
    'an unclosed front matter at line 1',
    ['---', 'name: Dobby', 'user: hi'],
    [
      ['front-matter-unclosed', 'error', 1, 1],
      ['unknown-key', 'error', 2, 1],
    ],
  ],
  [
    'the front matter against its schema, at the offending key',
    ['---', 'parameters:', '  temperature: hot', 'templateFormat: mustache', '---', 'user: hi'],
    [
      ['front-matter-schema', 'error', 3, 16],
      ['front-matter-schema', 'error', 4, 17],
    ],
  ],
  [
    'an unclosed template tag inside the message',
    ['system: "Act as {{name}}. {{description"'],
    [['template-unclosed', 'error', 1, 27]],
  ],
  [
    'a template syntax error',
    ['user: |-', '  line one', '  and {% if x %} never closed'],
    [['template-syntax', 'error', 1, 1]],
  ],
  [
    'unknown directives, including nested ones, and unknown keys',
    ['user: hi', '$frobnicate: 1', '$set: {a: 1}', '$if: "a == 1"', '  then:', '    - $nope', 'foo: bar'],
    [
      ['unknown-directive', 'error', 2, 1],
      ['unknown-directive', 'error', 6, 7],
      ['unknown-key', 'error', 7, 1],
    ],
  ],
  [
    '$break/$continue outside loops but not inside them',
    ['$break', '$while: "true"', '  do:', '    - $if: "1"', '      then: $break'],
    [['loop-control-outside-loop', 'error', 1, 1]],
  ],
  [
    'unsupported constructs as warnings, not errors',
    `---
import:
  - "js:lodash"
roles: {dobby: char-dobby}
---
!fn |-
  hi() {}
$hi
$pipe
dobby: "[[AI]]"
user: "((great:2)) day"`,
    [2, 4, 6, 8, 9, 10, 11].map((line): Found => ['unsupported', 'warning', line, 1]),
  ],
  [
    'references to scripts that are not in the library',
    `---
type: wizard
---
user: "!X [[@calc(1)]] [[@upper2(a)]]"
-> upper -> translator(lang=fr)
$exec:
  id: missing`,
    [
      ['missing-script', 'error', 2, 7],
      ['missing-script', 'error', 4, 11],
      ['missing-script', 'error', 5, 13],
      ['missing-script', 'error', 7, 7],
    ],
  ],
  [
    'expression and match-pattern syntax with positions',
    ['$echo: "?=1 +* 2"', '$set: {x: 1}', '$match(x):', '  :/[a/:', '    - $echo: y'],
    [
      ['expression-syntax', 'error', 1, 14],
      ['match-pattern', 'error', 4, 3],
    ],
  ],
  [
    'regexes that can backtrack catastrophically, in $match arms and [[…]] replacements',
    `$set: {s: x}
$match(s):
  :/(a+)+$/:
    - $echo: y
user: '[[/(\\w+\\s?)*!/:s]]'
user: '[[/(\\w+)!/:s]]'`,
    [
      ['catastrophic-regex', 'warning', 3, 3],
      ['catastrophic-regex', 'warning', 5, 8],
    ],
  ],
  [
    'body YAML errors and orphan blocks',
    ['user: "unterminated', 'then:', '  $echo: x', '$echo "hi"'],
    [
      ['yaml-syntax', 'error', 2, 1],
      ['orphan-block', 'error', 2, 1],
      ['yaml-syntax', 'error', 4, 6],
    ],
  ],
  [
    'undefined variables and unknown functions in templates and expressions, where they are written',
    `---
input: [topic]
---
system: "Answer in {{language}} about {{ upper(topic) }}."
user: |-
  Topic: {{topic}}
    then {{ shout(topic) }}
$echo: "?=topic + ghost"
$if: "Math.max(1, count) > 1 && upper(topic)"
  then: $echo`,
    [
      ['undefined-variable', 'warning', 4, 22],
      ['unknown-function', 'error', 4, 42],
      ['unknown-function', 'error', 7, 13],
      ['undefined-variable', 'warning', 8, 19],
      ['undefined-variable', 'warning', 9, 19],
      ['unknown-function', 'error', 9, 33],
    ],
  ],
  [
    'no undefined names: inputs, front matter, prompt fields, $set, [[VAR]], $for, $AI, $format data and built-ins',
    `---
input:
  - topic: {required: true}
name: Dobby
prompt: {tone: warm}
---
system: "{{name}} speaks {{tone}} about {{topic}}; last: {{LatestResult}} {{RESPONSE}} {{prompt.tone}}"
$set: {count: 0, stats.total: 1}
user: "[[idea]]"
$for: "[1, 2]"
  as: {value: n, index: i}
  do:
    - $set: {count: "?=count + n + i + stats.total + value + index"}
$AI: {mood: calm, temperature: 0.2}
user: "{{mood}} {{idea}} {{count}}"
$format: {template: "{{who}} {{name | upper}}", data: {who: me}}
$echo: "?=String(count) + Math.round(1.5) + this.name + JSON.stringify({idea})"`,
    [],
  ],
  [
    'no undefined names: template locals, loops, macros, filters, tests and Jinja globals',
    `---
items: [a, b]
---
user: |-
  {% set ns = namespace(n=0) %}{% for x in items %}{{ loop.index }}{{ x | upper }}{% set ns.n = ns.n + 1 %}{% endfor %}
  {% macro shout(word, end="!") %}{{ word | upper }}{{ end }}{% endmacro %}{{ shout(items[0]) }}
  {% for k, v in {"a": 1}.items() %}{{ k }}{{ v }}{% endfor %}{{ items is defined }}{{ range(2) | length }} {{ true }}`,
    [],
  ],
  [
    'no undefined names from a parent type, its parent, its body, or the built-in char type',
    ['---', 'type: narrator', '---', 'user: "{{voice}} {{tone}} {{mood}} {{era}} {{opening}}"'],
    [],
  ],
  [
    'no undefined names from the char type',
    ['---', 'type: char', 'name: Dobby', '---', 'user: "{{description}} {{scenario}}"'],
    [],
  ],
  [
    'no name findings when a parent type cannot be read',
    ['---', 'type: elsewhere', '---', 'user: "{{whatever}}"'],
    [['missing-script', 'error', 2, 7]],
  ],
  [
    'a !fn function called from a template only as unsupported',
    ['!fn |-', '  toStr(v) {}', 'user: "{{ toStr(x) }}"'],
    [
      ['unsupported', 'warning', 1, 1],
      ['undefined-variable', 'warning', 3, 17],
    ],
  ],
];

describe('checkPpe reports', () => {
  it.each(CASES)('%s', (_what, lines, expected) => {
    expect(check(lines)).toEqual(expected);
  });

  it('the message and its arguments, for the interface to translate', () => {
    const [variable, fn] = checkPpe('user: "{{language}} {{ upper(topic) }}"');
    expect(variable).toMatchObject({ args: { name: 'language' }, message: expect.stringContaining('"language"') });
    expect(fn).toMatchObject({
      args: { name: 'upper', context: 'template' },
      message: expect.stringContaining('{{ value | upper }}'),
    });
  });

  it('nothing wrong with the reference fixtures that are inside the subset', () => {
    for (const name of ['case-01', 'case-02', 'case-05', 'case-09', 'case-12', 'case-13b', 'case-21', 'case-29']) {
      expect(check([fixture(name)]), name).toEqual([]);
    }
  });
});

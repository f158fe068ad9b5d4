// Bad input at run time: each a PpeRunError with a code and, where it has one, the line/column; nothing hangs.
import { describe, expect, it } from 'vitest';
import { runPpe } from '../../../shared/ppe/run.ts';
import type { RunPpeOptions } from '../../../shared/ppe/run.ts';
import { fakeModel, library } from './helpers.ts';

const run = (lines: string[], options: RunPpeOptions = {}) =>
  runPpe(lines.join('\n'), { callModel: fakeModel(), ...options });

/** Runs with a fresh recording model: the result and the request bodies it was sent. */
async function recorded(lines: string[]) {
  const model = fakeModel();
  const result = await run(lines, { callModel: model });
  return { result, requests: model.requests };
}

describe('run errors', () => {
  it('stops an endless loop at the step limit, naming the loop', async () => {
    await expect(
      run(['$set: {i: 0}', '$while: "true"', '  do:', '    - $set: {i: ?=i+1}'], { stepLimit: 500 }),
    ).rejects.toMatchObject({
      code: 'step-limit',
      line: 2,
      column: 1,
    });
  });

  it('refuses scripts that call each other in a cycle, and type inheritance cycles', async () => {
    const library: Record<string, string> = {
      a: '$exec: {id: b}',
      b: '-> a',
      t1: '---\ntype: t2\n---\nuser: x',
      t2: '---\ntype: t1\n---\nuser: y',
    };
    await expect(run(['$exec: {id: a}'], { loadScript: (id) => library[id] })).rejects.toMatchObject({
      code: 'exec-cycle',
      script: 'b',
      line: 1,
      column: 4,
    });
    await expect(run(['---', 'type: t1', '---', 'user: z'], { loadScript: (id) => library[id] })).rejects.toMatchObject(
      { code: 'type-cycle' },
    );
  });

  it('reports a model reply that is not the JSON asked for', async () => {
    const script = ['---', 'parameters: {response_format: {type: json}}', '---', 'user: say hi'];
    await expect(run(script)).rejects.toMatchObject({
      code: 'model-reply',
      message: expect.stringContaining('not valid JSON'),
    });
    const lenient = await run([
      '---',
      'forceJson: false',
      'parameters: {response_format: {type: json}}',
      '---',
      'user: say hi',
    ]);
    expect(lenient.output).toBe('MOCK:say hi');
  });

  it('checks the result against the output schema', async () => {
    await expect(run(['---', 'output: {type: number}', '---', '$echo: ten'])).rejects.toMatchObject({
      code: 'output-schema',
      message: expect.stringContaining('must be number'),
    });
  });

  it('needs a model only when the script calls one', async () => {
    await expect(runPpe('user: hi')).rejects.toMatchObject({ code: 'no-model', line: 1 });
    expect((await runPpe('$echo: ?=1+1')).output).toBe(2);
  });

  it('refuses syntax errors, unknown directives, missing scripts and unsupported constructs with positions', async () => {
    await expect(run(['user: "{{oops"', '---', '$echo "x"'])).rejects.toMatchObject({
      code: 'syntax',
      line: 3,
      column: 6,
    });
    await expect(run(['$echo: 1', '$frob: 2'])).rejects.toMatchObject({
      code: 'unknown-directive',
      line: 2,
      column: 1,
    });
    await expect(run(['-> nowhere'])).rejects.toMatchObject({ code: 'missing-script', line: 1, column: 4 });
    await expect(run(['dobby: "[[AI]]"'].concat(), { input: {} })).rejects.toMatchObject({ code: 'unknown-key' });
    await expect(run(['user[@dobby]: hi'])).rejects.toMatchObject({ code: 'unsupported', line: 1 });
    await expect(run(['$break'])).rejects.toMatchObject({ code: 'loop-control-outside-loop', line: 1 });
  });

  it('keeps expressions away from JavaScript internals and huge strings', async () => {
    await expect(run(['$echo: "?=\'\'.constructor"'])).rejects.toMatchObject({ code: 'expression' });
    await expect(run(['$echo: "?=x.__proto__"'], { input: { x: {} } })).rejects.toMatchObject({ code: 'expression' });
    await expect(run(['$echo: "?=[].slice.constructor(\'return 1\')"'])).rejects.toMatchObject({ code: 'expression' });
    await expect(run(['$echo: "?=\'ab\'.repeat(1e7)"'])).rejects.toMatchObject({
      code: 'output-limit',
      line: 1,
      message: 'repeat() would build a string of 20,000,000 characters; the limit is 1,000,000',
    });
    await expect(run(['$set: {__proto__.polluted: 1}'])).rejects.toMatchObject({ code: 'expression' });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it.each([
    ['an unknown name in a ?= expression', ['$echo: "?=topic + ghost"'], 1, 19],
    ['an unknown name in a nested condition', ['$set: {n: 1}', '$if: "n > 0 && missing.x"', '  then: $echo'], 2, 16],
    ['an unknown function in an immediate template', ['$echo: "!Hello {{ upper(name) }}"'], 1, 19],
    [
      'an unknown function in a deferred template, rendered at the model call',
      ['system: "You are {{ shout(name) }}"', 'user: hi'],
      1,
      21,
    ],
    ['a template in a block scalar', ['user: |-', '  first line', '  second {{ bad(x) }}'], 3, 13],
    ['the arguments of $match', ['$match(?=oops.x):', '  :_:', '    - $echo: y'], 1, 10],
    ['a called script missing a required input, at the call', ['-> upper(suffix=gone)'], 1, 4],
    ["a called script's arguments", ['$echo: x', '-> upper(content=?=gone.x)'], 2, 20],
  ])('points at the failing part of the value, not the instruction start: %s', async (_what, lines, line, column) => {
    await expect(run(lines, { input: { topic: 't' }, loadScript: library })).rejects.toMatchObject({ line, column });
  });

  it('rejects a choice the model did not make', async () => {
    await expect(run(['user: tell me', 'assistant: "[[X:|red|green]]"'])).rejects.toMatchObject({
      code: 'choice',
      line: 2,
      column: 13,
    });
  });
});

describe('runtime semantics beyond the reference table', () => {
  it('$for over a count, an object and {start, end, step}, with $break and $continue', async () => {
    const r = await run([
      '$set: {log: ""}',
      '$for: 5',
      '  do:',
      '    - $if: "value == 2"',
      '      then: $continue',
      '    - $if: "value == 4"',
      '      then: $break',
      '    - $set: {log: "?=log + value"}',
      '$for: "{a: 1, b: 2}"',
      '  as: {index: k, value: v}',
      '  do:',
      '    - $set: {log: "?=log + k + v"}',
      '$for: {start: 0, end: 4, step: 2}',
      '  do:',
      '    - $set: {log: "?=log + value"}',
      '$echo: ?=log',
    ]);
    expect(r.output).toBe('13a1b2024');
  });

  it('deferred templates render at send time with $AI call data taking priority', async () => {
    const head = ['---', 'prompt:', '  description: from prompt', 'description: from front matter', '---'];
    const sent = async (lines: string[]) =>
      (await recorded([...head, 'system: "{{description}}"', ...lines])).requests[0]!.messages[0]!.content;
    expect(await sent(['$AI:', '  description: from the call'])).toBe('from the call');
    expect(await sent(['user: hi'])).toBe('from prompt');
  });

  it('model output is never rendered as a template', async () => {
    const r = await run(
      [
        '---',
        'secret: s3cr3t',
        '---',
        'user: hi',
        'assistant: "[[A]]"',
        'user: "You said: [[/(.*)/:A]]"',
        '$echo: "!{{A}}"',
      ],
      { callModel: async () => ({ content: '{{secret}}' }) },
    );
    expect(r.messages.map((m) => m.content)).toEqual(['hi', '{{secret}}', 'You said: {{secret}}']);
    expect(r.output).toBe('{{secret}}');
  });

  it('requests carry only standard fields and roles', async () => {
    const { requests } = await recorded([
      '---',
      'parameters: {temperature: 0.2, stream: true, timeout: 9, stop_words: ["\\n"], maxRetry: 3}',
      'name: X',
      '---',
      'system: hi {{name}}',
      'user: "Who are you"',
      '$AI: {max_tokens: 9, pushMessage: true, foo: bar}',
    ]);
    expect(requests).toEqual([
      {
        messages: [
          { role: 'system', content: 'hi X' },
          { role: 'user', content: 'Who are you' },
        ],
        temperature: 0.2,
        stop: ['\n'],
        max_tokens: 9,
      },
    ]);
  });

  it('prompt.messages and add_generation_prompt false continue the last assistant message', async () => {
    const { result, requests } = await recorded([
      '---',
      'prompt:',
      '  add_generation_prompt: false',
      '  messages:',
      '    - role: system',
      '      content: "S"',
      '---',
      'user: Tell me a joke',
      'assistant: "Sure:"',
      '$AI',
    ]);
    expect(requests[0]!.messages.at(-1)).toEqual({ role: 'assistant', content: 'Sure:' });
    expect(result.messages).toEqual([
      { role: 'system', content: 'S' },
      { role: 'user', content: 'Tell me a joke' },
      { role: 'assistant', content: 'Why did the chicken cross the road?' },
    ]);
  });

  it('imports of PPE scripts become directives', async () => {
    const r = await run(
      ['---', 'import:', '  - "lib/upper.ai.yaml": shout', '---', '$shout: {content: hey, suffix: "?"}'],
      {
        loadScript: (id) => (id === 'upper' ? '$echo: "?=content.toUpperCase() + suffix"' : undefined),
      },
    );
    expect(r.output).toBe('HEY?');
  });
});

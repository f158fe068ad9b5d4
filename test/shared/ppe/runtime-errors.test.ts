// Bad input at run time: each a PpeRunError with a code and, where it has one, the line/column; nothing hangs.
import { describe, expect, it } from 'vitest';
import { runPpe } from '../../../shared/ppe/run.ts';
import type { RunPpeOptions } from '../../../shared/ppe/run.ts';
import { fakeModel } from './helpers.ts';

const run = (lines: string[], options: RunPpeOptions = {}) =>
  runPpe(lines.join('\n'), { callModel: fakeModel(), ...options });

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

  it('rejects a choice the model did not make', async () => {
    await expect(run(['user: tell me', 'assistant: "[[X:|red|green]]"'])).rejects.toMatchObject({
      code: 'choice',
      line: 2,
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
    const model = fakeModel();
    await runPpe(
      [
        '---',
        'prompt:',
        '  description: from prompt',
        'description: from front matter',
        '---',
        'system: "{{description}}"',
        '$AI:',
        '  description: from the call',
      ].join('\n'),
      { callModel: model },
    );
    await runPpe(
      [
        '---',
        'prompt:',
        '  description: from prompt',
        'description: from front matter',
        '---',
        'system: "{{description}}"',
        'user: hi',
      ].join('\n'),
      { callModel: model },
    );
    expect(model.requests.map((q) => q.messages[0]!.content)).toEqual(['from the call', 'from prompt']);
  });

  it('model output is never rendered as a template', async () => {
    const model = Object.assign(async () => ({ content: '{{secret}}' }), { requests: [] });
    const r = await runPpe(
      [
        '---',
        'secret: s3cr3t',
        '---',
        'user: hi',
        'assistant: "[[A]]"',
        'user: "You said: [[/(.*)/:A]]"',
        '$echo: "!{{A}}"',
      ].join('\n'),
      { callModel: model },
    );
    expect(r.messages.map((m) => m.content)).toEqual(['hi', '{{secret}}', 'You said: {{secret}}']);
    expect(r.output).toBe('{{secret}}');
  });

  it('requests carry only standard fields and roles', async () => {
    const model = fakeModel();
    await runPpe(
      [
        '---',
        'parameters: {temperature: 0.2, stream: true, timeout: 9, stop_words: ["\\n"], maxRetry: 3}',
        'name: X',
        '---',
        'system: hi {{name}}',
        'user: "Who are you"',
        '$AI: {max_tokens: 9, pushMessage: true, foo: bar}',
      ].join('\n'),
      { callModel: model },
    );
    expect(model.requests).toEqual([
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
    const model = fakeModel();
    const r = await runPpe(
      [
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
      ].join('\n'),
      { callModel: model },
    );
    expect(model.requests[0]!.messages.at(-1)).toEqual({ role: 'assistant', content: 'Sure:' });
    expect(r.messages).toEqual([
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

// The 29 worked cases the PPE specification gives, with its intended results.
import { describe, expect, it } from 'vitest';
import { checkPpe } from '../../../shared/ppe/check.ts';
import { PpeRunError } from '../../../shared/ppe/run-error.ts';
import { runPpe } from '../../../shared/ppe/run.ts';
import type { RunPpeOptions } from '../../../shared/ppe/run.ts';
import { fakeModel, fixture, library } from './helpers.ts';

async function run(name: string, options: RunPpeOptions = {}) {
  const model = fakeModel();
  const result = await runPpe(fixture(name), { callModel: model, loadScript: library, random: () => 0, ...options });
  return { ...result, sent: model.requests };
}

const user = (content: string) => ({ role: 'user', content });
const system = (content: string) => ({ role: 'system', content });
const assistant = (content: string) => ({ role: 'assistant', content });

describe("reference cases (the specification's worked examples, intended results)", () => {
  it('01: front-matter values fill a deferred system template; the end-of-script call answers', async () => {
    const r = await run('case-01');
    expect(r.sent).toEqual([
      { messages: [system('Act as Dobby. You are Dobby from the Harry Potter series.'), user('Who are you?')] },
    ]);
    expect(r.output).toBe('I am Dobby.');
  });

  it('02: each dialogue sends its own request with the init section; $print logs the first answer', async () => {
    const r = await run('case-02');
    expect(r.sent.map((q) => q.messages)).toEqual([
      [system("You're an AI."), user("What's 10 plus 18?")],
      [system("You're an AI."), user("What's 10 plus 12?")],
    ]);
    expect(r.log.filter((e) => e.kind === 'print').map((e) => e.kind === 'print' && e.text)).toEqual([
      '10 plus 18 equals 28.',
    ]);
    expect(r.output).toBe('10 plus 12 equals 22.');
  });

  it('03: $set, $while, $for, $if and $format (tojson instead of the skipped !fn#); no request', async () => {
    const r = await run('case-03');
    expect(r.output).toBe('{"a": 1, "b": 2}|then|12|124');
    expect(r.sent).toEqual([]);
  });

  it('04: $echo of an expression', async () => {
    expect((await run('case-04')).output).toBe(28);
  });

  it('05: $match range arm', async () => {
    expect((await run('case-05')).output).toBe('small');
  });

  it('05b: $match exact arm', async () => {
    expect((await run('case-05b')).output).toBe('seven');
  });

  it('05c: $match regex arm on the last result', async () => {
    expect((await run('case-05c')).output).toBe('regex-matched');
  });

  it('06: a choice list asks for one item and accepts only one of them', async () => {
    const r = await run('case-06');
    expect(r.output).toBe('banana');
    expect(r.sent).toEqual([
      { messages: [user('Pick a fruit\n\nAnswer with exactly one of: apple, banana, orange.')] },
    ]);
    expect(r.messages).toEqual([user('Pick a fruit'), assistant('banana')]);
  });

  it("07: a local random pick is the turn's answer; no model call", async () => {
    const r = await run('case-07');
    expect(r.output).toBe('kiwi');
    expect(r.sent).toEqual([]);
    expect(r.messages).toEqual([user('Pick a fruit'), assistant('kiwi')]);
  });

  it('08d: regex replacement (escaped slash), and the unescaped spec form too', async () => {
    for (const name of ['case-08d', 'case-08c']) {
      const r = await run(name);
      expect(r.sent[0]!.messages).toEqual([user('Based on: 42 ok')]);
    }
  });

  it('09: a chain passes the AI answer to a library script, then to $echo', async () => {
    expect((await run('case-09')).output).toBe('WHY DID THE CHICKEN CROSS THE ROAD?!!');
  });

  it('10b: [[@script(args)]] with a positional argument mapped by index', async () => {
    const r = await run('case-10b');
    expect(r.sent[0]!.messages).toEqual([user('Shout: HELLO?')]);
  });

  it('11: type char uses our own char prompt with name and description', async () => {
    const r = await run('case-11');
    const sys = r.sent[0]!.messages[0]!;
    expect(sys.role).toBe('system');
    expect(sys.content).toContain('Dobby');
    expect(sys.content).toContain('Dobby is a house-elf.');
    expect(r.sent[0]!.messages.slice(1)).toEqual([user('Who are you?')]);
    expect(r.output).toBe('I am Dobby.');
  });

  it('12: response_format json parses the reply; output schema checked', async () => {
    const r = await run('case-12');
    expect(r.output).toEqual({ answer: 5 });
    expect(r.sent).toEqual([
      { messages: [system('Calculator. Output JSON.'), user('2+3')], response_format: { type: 'json_object' } },
    ]);
  });

  it('13b: #: replaces and #+ inserts messages', async () => {
    const r = await run('case-13b');
    expect(r.messages).toEqual([system('inserted'), user('first'), assistant('replaced')]);
    expect(r.sent).toEqual([]);
  });

  it('14: !fn and $on/$emit are P2: reported as not run, and the run refuses $on', async () => {
    const warnings = checkPpe(fixture('case-14'), { scriptExists: () => true });
    expect(warnings.map((d) => [d.code, d.severity, d.line])).toEqual([
      ['unsupported', 'warning', 1],
      ['unsupported', 'warning', 3],
      ['unsupported', 'warning', 6],
    ]);
    await expect(run('case-14')).rejects.toMatchObject({ code: 'unsupported', line: 3, column: 1 });
  });

  it('15b: $format with templateFormat fstring', async () => {
    expect((await run('case-15b')).output).toBe('Act as Dobby.');
  });

  it('16b: $format with templateFormat golang', async () => {
    expect((await run('case-16b')).output).toBe('Act as Dobby.');
  });

  it('17: $ret returns and skips the rest', async () => {
    expect((await run('case-17')).output).toBe(2);
  });

  it('19: ~ keeps a value raw, ! formats it in $set', async () => {
    expect((await run('case-19')).output).toBe('{{name}}|Dobby');
  });

  it('20: [[VAR:params]] override front-matter parameters', async () => {
    const r = await run('case-20');
    expect(r.sent).toEqual([{ messages: [user('Pick a fruit')], temperature: 0.01, max_tokens: 5 }]);
  });

  it('21: input defaults, overrides and required inputs', async () => {
    expect((await run('case-21', { input: { content: 'hello' } })).output).toBe('hello -> Chinese');
    expect((await run('case-21', { input: { content: 'hello', target: 'French' } })).output).toBe('hello -> French');
    expect((await run('case-21', { input: 'hello' })).output).toBe('hello -> Chinese');
    const error = await run('case-21').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PpeRunError);
    expect(error).toMatchObject({ code: 'missing-input', message: 'Required parameter content is missing' });
  });

  it('22: $set key paths and $get', async () => {
    expect(JSON.stringify((await run('case-22')).output)).toBe('{"testVar.a":124,"var2":"hi"}');
  });

  it('24: autoRunLLMIfPromptAvailable false sends nothing', async () => {
    const r = await run('case-24');
    expect(r.output).toBe('done');
    expect(r.sent).toEqual([]);
  });

  it('25: an immediate template right after [[result]] sees the answer', async () => {
    expect((await run('case-25')).output).toBe('Answer=10 plus 18 equals 28.');
  });

  it('26: $exec runs a library script with args', async () => {
    expect((await run('case-26')).output).toBe('HI!');
  });

  it('27: $AI with parameters, then LatestResult', async () => {
    const r = await run('case-27');
    expect(r.output).toBe('10 plus 18 equals 28. (done)');
    expect(r.sent).toEqual([{ messages: [user("What's 10 plus 18?")], temperature: 0.5 }]);
  });

  it('28: duplicate top-level keys run in order', async () => {
    expect((await run('case-28')).output).toBe(2);
  });

  it('29: every --- resets to the init section, few-shot turns included', async () => {
    const r = await run('case-29');
    const init = [system('SYS'), user('few-shot Q'), assistant('few-shot A')];
    expect(r.sent.map((q) => q.messages)).toEqual([
      [...init, user('Q1')],
      [...init, user("What's 10 plus 12?")],
    ]);
    expect(r.output).toBe('10 plus 12 equals 22.');
  });
});

// `lorewright ppe check|run`, in-process, on the reference fixtures and against the local OpenAI test server.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../helpers/run-cli.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';
import { startOpenAIServer, type OpenAIServer } from '../models/openai-server.ts';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures/ppe');
const tempDir = useTempDir();
const ppe = (args: string[], env: NodeJS.ProcessEnv = {}, cwd = fixtures) => runCliCaptured(['ppe', ...args], env, cwd);

function scriptDir(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('lorewright ppe check', () => {
  it('prints file:line:column severity code message and fails on errors', async () => {
    const dir = scriptDir({ 'bad.ai.yaml': 'user: hi\n$bogus: 1\n$exec:\n  id: nope\n', 'ok.ai.yaml': '$echo: hi\n' });
    const r = await ppe(['check', 'bad.ai.yaml', 'ok.ai.yaml'], {}, dir);
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      'bad.ai.yaml:2:1 error unknown-directive Unknown directive $bogus\nbad.ai.yaml:4:7 error missing-script Script "nope" is not in the library\n',
    );
  });

  it('reports undefined variables and unknown functions as the editor does, knowing parent types in the folder', async () => {
    const dir = scriptDir({
      'base.ai.yaml': '---\ntype: lib\ntone: dry\n---\n',
      'talk.ai.yaml': '---\ntype: base\n---\nuser: "{{tone}} {{language}} {{ upper(topic) }}"\n',
    });
    const r = await ppe(['check', 'talk.ai.yaml'], {}, dir);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').map((l) => l.split(' ').slice(0, 3).join(' '))).toEqual([
      'talk.ai.yaml:4:19 warning undefined-variable',
      'talk.ai.yaml:4:33 error unknown-function',
      'talk.ai.yaml:4:39 warning undefined-variable',
      '',
    ]);
  });

  it('finds called scripts in the same folder, and warnings alone pass', async () => {
    const r = await ppe(['check', 'case-09.ai.yaml', 'case-14.ai.yaml']);
    expect(r.code).toBe(0);
    expect(
      r.out
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(' ').slice(0, 3).join(' ')),
    ).toEqual([
      'case-14.ai.yaml:1:1 warning unsupported',
      'case-14.ai.yaml:3:1 warning unsupported',
      'case-14.ai.yaml:6:1 warning unsupported',
    ]);
  });

  it('--json gives every file with its diagnostics', async () => {
    const r = await ppe(['check', 'case-04.ai.yaml', 'case-14.ai.yaml', '--json']);
    const results = JSON.parse(r.out) as { file: string; diagnostics: { line: number; severity: string }[] }[];
    expect(results.map((x) => [x.file, x.diagnostics.length])).toEqual([
      ['case-04.ai.yaml', 0],
      ['case-14.ai.yaml', 3],
    ]);
  });

  it('a missing file is a usage error', async () => {
    const r = await ppe(['check', 'nope.ai.yaml']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('No such file: nope.ai.yaml');
  });
});

describe('lorewright ppe run', () => {
  let server: OpenAIServer;
  beforeEach(async () => {
    server = await startOpenAIServer({ models: ['test-model'] });
  });
  afterEach(async () => {
    await server.close();
  });
  const connection = () => ['--endpoint', server.baseURL, '--model', 'test-model'];

  it('prints the final result of a script that calls no model', async () => {
    expect(await ppe(['run', 'case-04.ai.yaml'])).toEqual({ code: 0, out: '28\n', err: '' });
    expect((await ppe(['run', 'case-22.ai.yaml'])).out).toBe('{\n  "testVar.a": 124,\n  "var2": "hi"\n}\n');
  });

  it('--input gives named or positional inputs', async () => {
    expect((await ppe(['run', 'case-21.ai.yaml', '--input', '{"content": "hello", "target": "French"}'])).out).toBe(
      'hello -> French\n',
    );
    expect((await ppe(['run', 'case-21.ai.yaml', '--input', '"hello"'])).out).toBe('hello -> Chinese\n');
  });

  it('runs a chain through a script of the same folder against the model', async () => {
    server.scripts.push({ kind: 'tokens', tokens: ['Why did the chicken ', 'cross the road?'] });
    const r = await ppe(['run', 'case-09.ai.yaml', ...connection()]);
    expect(r).toEqual({ code: 0, out: 'WHY DID THE CHICKEN CROSS THE ROAD?!!\n', err: '' });
    expect(server.requests.map((q) => q.body)).toEqual([
      { model: 'test-model', stream: true, messages: [{ role: 'user', content: 'Tell me a joke!' }] },
    ]);
  });

  it('--json prints the result and the request bodies sent', async () => {
    server.scripts.push({ kind: 'tokens', tokens: ['{"answer": ', '5}'] });
    const r = await ppe(['run', 'case-12.ai.yaml', ...connection(), '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      result: { answer: 5 },
      requests: [
        {
          messages: [
            { role: 'system', content: 'Calculator. Output JSON.' },
            { role: 'user', content: '2+3' },
          ],
          response_format: { type: 'json_object' },
        },
      ],
    });
  });

  it('reads the API key from the variable --api-key-env names', async () => {
    await server.close();
    server = await startOpenAIServer({ apiKey: 'sk-cli' });
    server.scripts.push({ kind: 'tokens', tokens: ['I am Dobby.'] });
    const r = await ppe(['run', 'case-01.ai.yaml', ...connection(), '--api-key-env', 'MY_KEY'], { MY_KEY: 'sk-cli' });
    expect(r.out).toBe('I am Dobby.\n');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-cli');
  });

  it('run errors exit 1 with where they happened', async () => {
    const noModel = await ppe(['run', 'case-01.ai.yaml']);
    expect(noModel.code).toBe(1);
    expect(noModel.err).toMatch(
      /^lorewright: case-01\.ai\.yaml:6:1 no-model: This script calls a model, but no model connection was given\n$/,
    );
    const missing = await ppe(['run', 'case-21.ai.yaml']);
    expect(missing.err).toContain('missing-input: Required parameter content is missing');
  });

  it("an error inside a called script points at that script's file", async () => {
    const dir = scriptDir({ 'main.ai.yaml': '$exec:\n  id: sub\n', 'sub.ai.yaml': '$echo: fine\n$echo: ?=1 +\n' });
    const r = await ppe(['run', 'main.ai.yaml'], {}, dir);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^lorewright: sub\.ai\.yaml:2:\d+ /);
  });

  it('--step-limit stops a script that never ends', async () => {
    const dir = scriptDir({ 'loop.ai.yaml': '$set: {i: 0}\n$while: "true"\n  do:\n    - $set: {i: ?=i+1}\n' });
    const r = await ppe(['run', 'loop.ai.yaml', '--step-limit', '50'], {}, dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain('step-limit');
  });

  it('a model failure exits 1 with the server message', async () => {
    server.scripts.push({
      kind: 'status',
      status: 404,
      body: { error: { message: 'The model `x` does not exist', code: 'model_not_found' } },
    });
    const r = await ppe(['run', 'case-01.ai.yaml', '--endpoint', server.baseURL, '--model', 'x']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('Model "x" not found');
  });

  it('usage errors exit 2 with the help', async () => {
    for (const args of [
      ['run', 'case-04.ai.yaml', '--input', '{oops'],
      ['run', 'case-04.ai.yaml', '--endpoint', 'http://127.0.0.1:1/v1'],
      ['run', 'case-04.ai.yaml', '--step-limit', '0'],
      ['run'],
      ['frobnicate'],
    ]) {
      const r = await ppe(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toContain('Usage: lorewright ppe');
    }
    expect((await ppe(['--help'])).code).toBe(0);
    expect((await runCliCaptured(['--help'])).out).toContain('ppe ');
  });
});

// The CLI applies the limits the user saved in Settings (limits.json beside the library the app uses) with no flag;
// --timeout overrides them; a damaged file is reported and the defaults apply.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../shared/sandbox/limits.ts';
import { runCliCaptured } from '../../helpers/run-cli.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();
const fixtures = path.resolve(import.meta.dirname, '../../fixtures');
const catastrophic = path.join(fixtures, 'lore-cli/catastrophic.json');
const CULPRIT = 'regex key /(a+)+$/ of entry Trap.0 (runaway)';

/** A user-data folder with saved limits; the CLI finds it through LOREWRIGHT_DB, as the app and web host do. */
function savedLimits(limits: unknown): NodeJS.ProcessEnv {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'limits.json'), typeof limits === 'string' ? limits : JSON.stringify(limits));
  return { LOREWRIGHT_DB: path.join(dir, 'library.db') };
}

describe('the CLI uses the saved limits', () => {
  it('preview and test stop a runaway key at the saved scan limit; --timeout overrides it', async () => {
    const env = savedLimits({ scanMs: 300 });
    const preview = await runCliCaptured(['preview', catastrophic], env);
    expect(preview.code).toBe(1);
    expect(preview.err).toContain('did not finish within 300 ms');
    expect(preview.err).toContain(CULPRIT);
    const dir = tempDir();
    const withExpect = { ...JSON.parse(fs.readFileSync(catastrophic, 'utf8')), expect: { fires: ['Trap.1'] } };
    fs.writeFileSync(path.join(dir, 'trap.json'), JSON.stringify(withExpect));
    const test = await runCliCaptured(['test', 'trap.json'], env, dir);
    expect(test.out).toContain('did not finish within 300 ms');
    const flagged = await runCliCaptured(['preview', catastrophic, '--timeout', '400'], env);
    expect(flagged.err).toContain('did not finish within 400 ms');
  });

  it('ppe run stops a runaway script at the saved PPE limit', async () => {
    const env = savedLimits({ ppeMs: 350 });
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, 'loop.ai.yaml'),
      '$format: "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"\n',
    );
    const r = await runCliCaptured(['ppe', 'run', 'loop.ai.yaml'], env, dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain('did not finish within 350 ms');
  });

  it('a damaged limits.json is named and the defaults apply', async () => {
    const env = savedLimits('{ not json');
    const r = await runCliCaptured(['preview', catastrophic], env);
    expect(r.err).toContain('limits.json is not valid JSON');
    expect(r.err).toContain('using the default limits');
    expect(r.err).toContain(`did not finish within ${DEFAULT_LIMITS.scanMs} ms`);
  });
});

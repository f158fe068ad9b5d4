// prepareScan does a scan's preparation on its own (the live preview times the scan from there): it runs no regex
// key, and the scan that follows gives the same result as a scan of a book never prepared.
import { afterEach, describe, expect, it } from 'vitest';
import { scan } from '../../../shared/lorebook/index.ts';
import { prepareScan } from '../../../shared/lorebook/prepare-scan.ts';
import { entry, say, scenario } from './scenario-builder.ts';

const exec = RegExp.prototype.exec;
afterEach(() => {
  RegExp.prototype.exec = exec;
});

const book = () => [
  entry(0, { key: ['/(a+)+$/'], comment: 'runaway' }),
  entry(1, { key: ['storm', '/thunder\\w*/i'], content: 'The {{char}} hears the gale.' }),
  entry(2, { key: ['gale'], comment: 'reached by recursion' }),
  entry(3, { constant: true, content: 'Always: storm season.' }),
];

describe('prepareScan', () => {
  it('runs no regex key, and the scan after it is the same as an unprepared one', () => {
    const chat = [say('aaaa! A storm and thundering skies for {{user}}.')];
    const prepared = scenario(book(), chat);
    const ran: string[] = [];
    RegExp.prototype.exec = function (this: RegExp, text: string) {
      ran.push(this.source);
      return exec.call(this, text);
    };
    prepareScan(prepared);
    expect(ran.filter((source) => source === '(a+)+$' || source === 'thunder\\w*')).toEqual([]);
    ran.length = 0;
    const result = scan(prepared);
    RegExp.prototype.exec = exec;
    // The scan itself does run them: the spy sees regex keys.
    expect(ran).toContain('(a+)+$');
    expect(result).toEqual(scan(scenario(book(), chat)));
    expect(result.activated).toEqual(['lore.1', 'lore.3', 'lore.2']);
  });

  it('accepts a scenario without entries', () => {
    expect(() => prepareScan(scenario([], [say('hello')]))).not.toThrow();
  });
});

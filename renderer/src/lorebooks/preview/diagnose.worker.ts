/**
 * Re-runs a preview scan that ran past the time limit, with every regex execution announced to the page (its
 * start and end), so the page can name the key whose single run never ends. Used once per time-out, in a fresh
 * worker that the page terminates when it has its answer.
 */
import { scan, scanTurns } from '../../../../shared/lorebook/index.ts';
import { prepareScan } from '../../../../shared/lorebook/prepare-scan.ts';
import { findRegexKey } from '../../../../shared/lorebook/regex-keys.ts';
import type { DiagnoseReply, DiagnoseRequest } from './protocol.ts';
import { readBook } from './read-book.ts';
import { buildScenario, buildTurns } from './scenario.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DiagnoseRequest>) => void) | null;
  postMessage(message: DiagnoseReply): void;
};

scope.onmessage = (event: MessageEvent<DiagnoseRequest>) => {
  const { bookName, bookText, setup, chat, sources } = event.data;
  const book = readBook(bookText);
  const scenarios = setup.turns
    ? buildTurns(bookName, book, setup, chat, sources)
    : [buildScenario(bookName, book, setup, chat, sources)];
  const first = scenarios[0]!;
  // Compiling keys runs no regex; the page's clock starts once it is done, as for the scan itself.
  prepareScan(first);
  scope.postMessage({ type: 'prepared' });
  const names = { user: first.user.name, char: first.character.name };
  const exec = RegExp.prototype.exec;
  const seen = new WeakMap<RegExp, number>();
  let count = 0;
  // Finding the key runs regexes of its own: those are not announced.
  let quiet = false;
  // Every RegExp method (test, match, replace…) runs through exec.
  RegExp.prototype.exec = function (this: RegExp, text: string) {
    if (quiet) return exec.call(this, text);
    let index = seen.get(this);
    if (index === undefined) {
      index = count++;
      seen.set(this, index);
      quiet = true;
      const found = findRegexKey(first.books, names, this.source, this.flags);
      quiet = false;
      const ref = found ? { book: found.book, uid: found.uid, comment: found.comment, key: found.key } : null;
      scope.postMessage({ type: 'regex', index, source: this.source, flags: this.flags, ref });
    }
    scope.postMessage({ type: 'start', index });
    const result = exec.call(this, text);
    scope.postMessage({ type: 'end', index });
    return result;
  };
  if (setup.turns) scanTurns(scenarios);
  else scan(first);
  RegExp.prototype.exec = exec;
  scope.postMessage({ type: 'done' });
};

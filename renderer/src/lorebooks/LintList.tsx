/** Lint findings with their quick fixes; messages are ours, built from the finding's code and numbers; entries are
 *  named by title and keys. */
import type { LintIssue } from '../../../shared/lorebook/lint.ts';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';

interface Props {
  issues: readonly LintIssue[];
  onFix(issue: LintIssue): void;
  /** Names entries by title and keys (related entries in messages; with onOpen, each finding's own entry too). */
  nameOf?(entryId: string): string;
  onOpen?(entryId: string): void;
}

export function LintList({ issues, onFix, nameOf, onOpen }: Props) {
  const t = useT();
  if (issues.length === 0) return null;
  return (
    <ul className="lb-lint" aria-label={t('lb.lint.title')}>
      {issues.map((issue, i) => (
        <li key={`${issue.entry}:${issue.code}:${issue.key ?? ''}:${i}`} className={`lb-lint-item ${issue.severity}`}>
          {nameOf && onOpen && (
            <button type="button" className="link" onClick={() => onOpen(issue.entry)}>
              {nameOf(issue.entry)}
            </button>
          )}
          <span>
            {t(`lb.lint.${issue.code}` as MessageKey, {
              key: issue.key ?? '',
              related:
                t.list((issue.related ?? []).map((id) => (nameOf ? `"${nameOf(id)}"` : id))) +
                ((issue.relatedCount ?? 0) > (issue.related?.length ?? 0)
                  ? ` +${(issue.relatedCount ?? 0) - (issue.related?.length ?? 0)}`
                  : ''),
              tokens: issue.tokens ?? 0,
              budget: issue.budget ?? 0,
            })}
          </span>
          {issue.fix && (
            <button type="button" onClick={() => onFix(issue)}>
              {t(`lb.fix.${issue.fix.field}.${String(issue.fix.value)}` as MessageKey)}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

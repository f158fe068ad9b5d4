/** Lint findings with their quick fixes; messages are ours, built from the finding's code and numbers. */
import type { LintIssue } from '../../../shared/lorebook/lint.ts';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';

interface Props {
  issues: readonly LintIssue[];
  onFix(issue: LintIssue): void;
  /** Shown before each message, e.g. the entry title, when the list spans entries. */
  label?(issue: LintIssue): string;
  onOpen?(issue: LintIssue): void;
}

export function LintList({ issues, onFix, label, onOpen }: Props) {
  const t = useT();
  if (issues.length === 0) return null;
  return (
    <ul className="lb-lint" aria-label={t('lb.lint.title')}>
      {issues.map((issue, i) => (
        <li key={`${issue.entry}:${issue.code}:${issue.key ?? ''}:${i}`} className={`lb-lint-item ${issue.severity}`}>
          {label && (
            <button type="button" className="link" onClick={() => onOpen?.(issue)}>
              {label(issue)}
            </button>
          )}
          <span>
            {t(`lb.lint.${issue.code}` as MessageKey, {
              key: issue.key ?? '',
              related:
                (issue.related ?? []).join(', ') +
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

/** What the context fill left out of a prompt, and why (SillyTavern's rule: newest messages first, examples after). */
import type { PromptPart } from '../../../shared/prompt/types.ts';
import { useT } from '../i18n/index.ts';

const TRIMMABLE = ['chatHistory', 'dialogueExamples'] as const;

export function TrimReport({ parts, tokens }: { parts: PromptPart[]; tokens: { total: number; budget: number } }) {
  const t = useT();
  const trimmed = parts.filter((p) => (p.dropped ?? 0) > 0 && (TRIMMABLE as readonly string[]).includes(p.id));
  return (
    <>
      <h4>{t('chats.trimmed')}</h4>
      {trimmed.length === 0 ? (
        <p className="muted" data-testid="prompt-trimmed">
          {t('chats.trimmedNone', { total: tokens.total, budget: tokens.budget })}
        </p>
      ) : (
        <ul data-testid="prompt-trimmed">
          {trimmed.map((p) => (
            <li key={p.id}>
              {t('chats.trimmedPart', {
                part: t(`chats.part.${p.id as (typeof TRIMMABLE)[number]}`),
                dropped: p.dropped!,
                all: (p.kept ?? 0) + p.dropped!,
                budget: tokens.budget,
              })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

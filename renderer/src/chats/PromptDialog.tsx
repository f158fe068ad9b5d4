/** "Show prompt": the exact request a reply was generated from (or the next one), the lore that fired, and what was trimmed. */
import type { FiredLore } from '../../../shared/chat/types.ts';
import type { PromptPart } from '../../../shared/prompt/types.ts';
import { useT } from '../i18n/index.ts';
import { TrimReport } from './TrimReport.tsx';
import { BudgetReport } from './BudgetReport.tsx';
import type { LoreReport } from '../../../shared/prompt/lore-report.ts';

export interface PromptView {
  title: string;
  request?: Record<string, unknown>;
  lore?: FiredLore[];
  /** For the next prompt: the budget and what the fill left out. */
  parts?: PromptPart[];
  tokens?: { total: number; budget: number };
  /** For the next prompt: why each lore entry is in or out, and the world-info budget. */
  loreReport?: LoreReport;
}

export function PromptDialog({ view, onClose }: { view: PromptView; onClose(): void }) {
  const t = useT();
  return (
    <div className="chat-dialog-backdrop" onClick={onClose}>
      <div className="chat-dialog" role="dialog" aria-label={view.title} onClick={(e) => e.stopPropagation()}>
        <header className="chat-row">
          <h3>{view.title}</h3>
          <button onClick={onClose}>{t('chats.close')}</button>
        </header>
        <h4>{t('chats.lore')}</h4>
        {view.lore?.length ? (
          <ul className="chat-lore">
            {view.lore.map((l) => (
              <li key={`${l.book}.${l.uid}`}>
                <strong>{l.comment || `#${l.uid}`}</strong>{' '}
                <span className="muted">
                  {l.book} · {l.keys.join(', ')}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('chats.noLore')}</p>
        )}
        {view.parts && view.tokens && (
          <>
            <BudgetReport parts={view.parts} tokens={view.tokens} lore={view.loreReport} />
            <TrimReport parts={view.parts} tokens={view.tokens} />
          </>
        )}
        <h4>{t('chats.request')}</h4>
        {view.request ? (
          <pre className="chat-request" data-testid="prompt-request">
            {JSON.stringify(view.request, null, 2)}
          </pre>
        ) : (
          <p className="muted">{t('chats.noRequest')}</p>
        )}
      </div>
    </div>
  );
}

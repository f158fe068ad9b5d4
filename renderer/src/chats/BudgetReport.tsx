/** "Show prompt": the tokens each part of the prompt takes of what is available, and why each lore entry is in or out. */
import type { PromptPart } from '../../../shared/prompt/types.ts';
import type { LoreReport } from '../../../shared/prompt/lore-report.ts';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';
import { explanationText } from '../lorebooks/preview/reason.ts';

const PART_IDS = new Set([
  'main',
  'worldInfoBefore',
  'worldInfoAfter',
  'personaDescription',
  'charDescription',
  'charPersonality',
  'scenario',
  'enhanceDefinitions',
  'nsfw',
  'jailbreak',
  'control',
  'storyString',
  'chatStart',
  'lastLine',
  'chatHistory',
  'dialogueExamples',
]);

interface Props {
  parts: PromptPart[];
  tokens: { total: number; budget: number };
  lore?: LoreReport;
}

export function BudgetReport({ parts, tokens, lore }: Props) {
  const t = useT();
  const titleOf = (key: string): string => {
    const e = lore?.entries.find((x) => x.key === key);
    return e?.comment || key;
  };
  return (
    <>
      <h4>{t('chats.budget')}</h4>
      <table className="chat-budget" data-testid="prompt-budget">
        <tbody>
          {parts.map((p) => (
            <tr key={p.id}>
              <th scope="row">{PART_IDS.has(p.id) ? t(`chats.part.${p.id}` as MessageKey) : p.id}</th>
              <td>{t('chats.tokens', { n: p.tokens })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('chats.budgetTotal', { total: tokens.total, budget: tokens.budget })}</p>
      {lore && (
        <>
          <h4>{t('chats.loreWhy')}</h4>
          <p>{t('chats.loreBudget', { used: lore.used, budget: lore.budget })}</p>
          <ul className="chat-lore" data-testid="prompt-lore-why">
            {lore.entries.map((e) => (
              <li key={e.key} className={e.fired ? 'in' : 'out'}>
                <strong>{titleOf(e.key)}</strong> <em>{t(e.fired ? 'chats.loreIn' : 'chats.loreOut')}</em>{' '}
                <span className="muted">— {explanationText(t, e, titleOf)}</span>
              </li>
            ))}
          </ul>
          {lore.notTriggered > 0 && <p className="muted">{t('chats.loreNotTriggered', { n: lore.notTriggered })}</p>}
        </>
      )}
    </>
  );
}

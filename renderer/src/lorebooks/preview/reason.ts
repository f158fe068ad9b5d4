/** Our own wording for the engine's reasons (the engine's English sentences are not translatable). */
import type { EntryExplanation, ExplanationReason, KeyMatch } from '../../../../shared/lorebook/model.ts';
import type { Translate } from '../../i18n/index.ts';
import type { MessageKey } from '../../i18n/en.ts';

function where(t: Translate, match: KeyMatch): string {
  const s = match.segment;
  if (!s) return t('lb.where.empty');
  switch (s.kind) {
    case 'message':
      return t('lb.where.message', { n: s.index + 1 });
    case 'inject':
      return t('lb.where.inject', { id: s.id });
    case 'recursion':
      return t('lb.where.recursion', { pass: s.pass });
    default:
      return t(`lb.where.${s.kind}` as MessageKey);
  }
}

const LOGIC = ['lb.logic.0', 'lb.logic.1', 'lb.logic.2', 'lb.logic.3'] as const;

export function reasonText(t: Translate, reason: ExplanationReason, titleOf: (key: string) => string): string {
  const vars: Record<string, string | number> = {};
  switch (reason.code) {
    case 'key-match':
      vars['key'] = reason.match.key;
      vars['where'] = where(t, reason.match);
      break;
    case 'secondary-failed':
      vars['key'] = reason.match.key;
      vars['where'] = where(t, reason.match);
      vars['logic'] = LOGIC[reason.secondary.logic]
        ? t(LOGIC[reason.secondary.logic]!)
        : String(reason.secondary.logic);
      vars['matched'] = reason.secondary.matched.join(', ') || '—';
      break;
    case 'sticky':
    case 'delay':
    case 'cooldown':
      vars['until'] = reason.until;
      break;
    case 'trigger-filtered':
      vars['trigger'] = reason.trigger;
      break;
    case 'character-filtered':
      vars['by'] = reason.by;
      break;
    case 'delay-until-recursion':
      vars['level'] = reason.level;
      break;
    case 'group-lost':
      vars['group'] = reason.group;
      vars['winner'] = reason.winner ? titleOf(reason.winner) : '—';
      break;
    case 'probability-failed':
      vars['roll'] = Math.round(reason.roll * 100);
      vars['probability'] = reason.probability;
      break;
    case 'budget':
      vars['used'] = reason.used;
      vars['budget'] = reason.budget;
      break;
    default:
      break;
  }
  return t(`lb.reason.${reason.code}` as MessageKey, vars);
}

export function explanationText(t: Translate, e: EntryExplanation, titleOf: (key: string) => string): string {
  const text = reasonText(t, e.reason, titleOf);
  const pass = e.pass === null ? '' : ` · ${t('lb.preview.pass', { n: e.pass })}`;
  return e.quirk ? `${text}${pass} · ${t(`lb.quirk.${e.quirk}` as MessageKey)}` : `${text}${pass}`;
}

// One machine-readable reason and one English sentence per entry, fired or not.
import type { Candidate } from './candidate.ts';
import type { Fate } from './fate-log.ts';
import type { EntryExplanation, ExplanationReason, KeyMatch, MatchSegment, QuirkName } from './model.ts';

export function explainEntry(c: Candidate, fate: Fate): EntryExplanation {
  const { key, raw } = c.entry;
  const explanation: EntryExplanation = {
    key,
    comment: typeof raw.comment === 'string' ? raw.comment : '',
    fired: fate.fired,
    pass: fate.pass,
    reason: fate.reason,
    sentence: sentence(fate),
  };
  if (fate.quirk) explanation.quirk = fate.quirk;
  return explanation;
}

const LOGIC_NAMES = ['AND ANY', 'NOT ALL', 'NOT ANY', 'AND ALL'];

const QUIRKS: Record<QuirkName, string> = {
  'group-double-removal': 'a double group removal deletes the last candidate',
  'selective-missing-ignores-secondary': 'secondary keys are ignored when "selective" is missing',
  'probability-missing-always-fails': 'a missing probability always fails its roll',
  'decorator-inert-trailing-text': 'a decorator with trailing text has no effect',
  'regex-caret-first-message': 'a ^ regex never matches the newest message',
  'wholeword-multiword-substring': 'multi-word keys ignore whole-word matching',
  'wholeword-non-ascii-boundary': 'non-ASCII letters count as word boundaries',
  'an-slot-without-authors-note': "Author's Note entries are dropped when no note is inserted",
};

/** Sentences of reasons that carry no detail, decided for the whole scan: most entries of a large book have one. */
const plainSentences = new Map<string, string>();

function sentence(fate: Fate): string {
  if (fate.pass === null && !fate.quirk && Object.keys(fate.reason).length === 1) {
    const key = `${fate.fired}\u0000${fate.reason.code}`;
    let text = plainSentences.get(key);
    if (text === undefined) plainSentences.set(key, (text = fullSentence(fate)));
    return text;
  }
  return fullSentence(fate);
}

function fullSentence(fate: Fate): string {
  const where = fate.pass === null ? '' : ` in pass ${fate.pass}`;
  const quirk = fate.quirk ? ` (SillyTavern quirk: ${QUIRKS[fate.quirk]})` : '';
  return `${fate.fired ? firedSentence(fate.reason) : notFiredSentence(fate.reason)}${where}${quirk}.`;
}

function firedSentence(reason: ExplanationReason): string {
  switch (reason.code) {
    case 'key-match': {
      const secondary = reason.secondary
        ? `, secondary ${LOGIC_NAMES[reason.secondary.logic] ?? 'logic'} satisfied`
        : '';
      return `Fired: key ${describeMatch(reason.match)}${secondary}`;
    }
    case 'constant':
      return 'Fired: constant entry';
    case 'decorator-activate':
      return 'Fired: forced by @@activate';
    case 'sticky':
      return `Fired: sticky until chat length ${reason.until}`;
    default:
      return `Fired (${reason.code})`;
  }
}

function notFiredSentence(reason: ExplanationReason): string {
  switch (reason.code) {
    case 'disabled':
      return 'Not fired: the entry is disabled';
    case 'trigger-filtered':
      return `Not fired: generation type "${reason.trigger}" is not among its triggers (${reason.triggers.join(', ')})`;
    case 'character-filtered':
      return `Not fired: the character ${reason.exclude ? 'is excluded' : 'is not included'} by its ${reason.by} filter`;
    case 'delay':
      return `Not fired: delayed until the chat has ${reason.until} messages`;
    case 'cooldown':
      return `Not fired: on cooldown until chat length ${reason.until}`;
    case 'delay-until-recursion':
      return `Not fired: waits for recursion level ${reason.level}`;
    case 'exclude-recursion':
      return 'Not fired: excluded from recursion passes';
    case 'decorator-dont-activate':
      return 'Not fired: suppressed by @@dont_activate';
    case 'no-keys':
      return 'Not fired: it has no keys and is not constant';
    case 'no-key-match':
      return 'Not fired: no primary key matched';
    case 'secondary-failed': {
      const s = reason.secondary;
      const logic = LOGIC_NAMES[s.logic] ?? `unknown logic ${String(s.logic)}`;
      return `Not fired: key ${describeMatch(reason.match)} but secondary ${logic} failed (matched: ${s.matched.join(', ') || 'none'})`;
    }
    case 'group-lost':
      return `Not fired: lost inclusion group "${reason.group}" ${groupDecision(reason)}`;
    case 'probability-failed':
      return `Not fired: probability roll ${round(reason.roll)} exceeded ${reason.probability}%`;
    case 'budget':
      return `Not fired: token budget exhausted (${reason.used} ≥ ${reason.budget} tokens)`;
    case 'not-reached':
      return 'Not fired: skipped after the token budget overflowed';
    case 'not-scanned':
      return 'Not fired: never reached by the scan';
    default:
      return `Not fired (${reason.code})`;
  }
}

function groupDecision(reason: Extract<ExplanationReason, { code: 'group-lost' }>): string {
  const winner = reason.winner ? ` to ${reason.winner}` : '';
  switch (reason.by) {
    case 'weighted-roll':
      return `to a weighted roll (${round(reason.roll ?? 0)})${winner.replace(' to', ', won by')}`;
    case 'override':
      return `to the prioritized entry${winner.replace(' to', '')}`;
    case 'score':
      return 'on group score';
    case 'closed':
      return `because ${reason.winner} already fired for that group`;
    case 'sticky-member':
      return `to sticky member${winner.replace(' to', '')}`;
    case 'timed-effect':
      return 'because it is on cooldown or delayed';
    case 'double-removal':
      return 'although it was not a member: another entry was removed twice';
  }
}

function describeMatch(match: KeyMatch): string {
  return `"${match.key}" matched ${describeSegment(match.segment)}`;
}

function describeSegment(segment: MatchSegment | null): string {
  if (!segment) return 'the empty buffer';
  switch (segment.kind) {
    case 'message':
      return segment.index === 0 ? 'in the newest message' : `in message ${segment.index + 1} from the end`;
    case 'inject':
      return segment.id === 'authorsNote' ? "in the Author's Note" : `in injected prompt "${segment.id}"`;
    case 'recursion':
      return `in recursed content from pass ${segment.pass}`;
    default:
      return `in the ${segment.kind} source`;
  }
}

function round(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

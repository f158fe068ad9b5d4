// Card ⇄ PPE character script. A card becomes a `type: char` script: name, description, personality and scenario
// in the front matter, example dialogues as few-shot turns in the init section, the greeting as the first
// dialogue's assistant turn. Card text goes in raw (`~`), with {{char}}/{{user}} replaced by names, since PPE
// templates would otherwise read them as variables. Both directions return a loss report in the card module's shape.
import yaml from 'js-yaml';
import type { LossItem } from '../card/loss-report.ts';
import { detectSpec } from '../card/spec.ts';
import { isObject } from '../card/types.ts';
import type { CardV2, JsonObject } from '../card/types.ts';
import { parsePpe } from './parse.ts';
import { classify } from './prefixes.ts';
import type { Instruction } from './types.ts';

export interface CardToPpeOptions {
  /** Replaces {{user}} / <USER> in card text. Default "User". */
  userName?: string;
}

export interface CardToPpeResult {
  script: string;
  losses: LossItem[];
}

export interface PpeToCardResult {
  card: CardV2;
  losses: LossItem[];
}

const FRONT_FIELDS = ['description', 'personality', 'scenario'] as const;
/** Card fields a character script has no place for. */
const DROPPED_ON_EXPORT: Record<string, string> = {
  post_history_instructions: 'a character script has no post-history slot',
  alternate_greetings: 'a script has one greeting; extra dialogues would run one after another',
  character_book: 'lorebooks are not part of PPE scripts',
  creator_notes: 'no PPE field for creator notes',
  creator: 'no PPE field for the creator',
  extensions: 'no PPE field for extensions',
  group_only_greetings: 'group chat is not run by Lorewright',
  assets: 'no PPE field for assets',
};

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const isEmpty = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (isObject(v) && Object.keys(v).length === 0);

interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

/** `<START>` blocks of `{{user}}: …` / `{{char}}: …` lines into few-shot turns; continuation lines join the open turn. */
function exampleTurns(examples: string, name: string): Turn[] {
  const turns: Turn[] = [];
  const speaker = new RegExp(
    `^(\\{\\{user\\}\\}|<USER>|\\{\\{char\\}\\}|<BOT>|${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}):\\s?`,
    'i',
  );
  for (const line of examples.split(/\r?\n/)) {
    if (/^<START>\s*$/i.test(line.trim())) continue;
    const m = speaker.exec(line);
    if (m) turns.push({ role: /user/i.test(m[1]!) ? 'user' : 'assistant', content: line.slice(m[0].length) });
    else if (turns.length) turns[turns.length - 1]!.content += `\n${line}`;
  }
  return turns.map((t) => ({ ...t, content: t.content.trim() })).filter((t) => t.content);
}

export function cardToPpe(card: unknown, options: CardToPpeOptions = {}): CardToPpeResult {
  const doc = isObject(card) ? card : {};
  const spec = detectSpec(doc);
  const data: JsonObject = spec === 'v1' ? doc : isObject(doc['data']) ? doc['data'] : {};
  const base = spec === 'v1' ? '' : '/data';
  const losses: LossItem[] = [];
  const name = str(data['name']) || 'Character';
  const user = options.userName ?? 'User';

  const names = (raw: string): string =>
    raw.replace(/\{\{char\}\}|<BOT>/gi, name).replace(/\{\{user\}\}|<USER>/gi, user);
  const text = (field: string, to: string): string => {
    const raw = str(data[field]);
    const out = names(raw);
    if (out !== raw)
      losses.push({
        action: 'changed',
        from: `${base}/${field}`,
        to,
        note: `{{char}}/{{user}} replaced by "${name}"/"${user}"`,
      });
    else if (raw) losses.push({ action: 'moved', from: `${base}/${field}`, to });
    return out;
  };

  const front: Record<string, unknown> = { type: 'char', name };
  if (str(data['name'])) losses.push({ action: 'moved', from: `${base}/name`, to: '/front-matter/name' });
  for (const field of FRONT_FIELDS) {
    const value = text(field, `/front-matter/${field}`);
    if (value) front[field] = value;
  }
  if (str(data['character_version'])) {
    front['version'] = data['character_version'];
    losses.push({ action: 'moved', from: `${base}/character_version`, to: '/front-matter/version' });
  }
  if (Array.isArray(data['tags']) && data['tags'].length) {
    front['tag'] = data['tags'];
    losses.push({ action: 'moved', from: `${base}/tags`, to: '/front-matter/tag' });
  }

  const line = (role: string, content: string): string => yaml.dump({ [role]: `~${content}` }, { lineWidth: -1 });
  const init: string[] = [];
  const systemPrompt = text('system_prompt', '/body/init/system');
  if (systemPrompt) init.push(line('system', systemPrompt));
  // Speakers are read before names replace the macros that mark them.
  text('mes_example', '/body/init');
  for (const turn of exampleTurns(str(data['mes_example']), name)) init.push(line(turn.role, names(turn.content)));
  const greeting = text('first_mes', '/body/greeting');

  for (const [field, why] of Object.entries(DROPPED_ON_EXPORT)) {
    if (!isEmpty(data[field])) losses.push({ action: 'dropped', from: `${base}/${field}`, note: why });
  }
  const script = [
    `---\n${yaml.dump(front, { lineWidth: -1 })}---\n`,
    init.join(''),
    '---\n',
    greeting ? line('assistant', greeting) : '',
  ].join('');
  return { script, losses };
}

/** Message text as card text: raw (`~`) as is, templates with {{name}} back to {{char}}. */
function cardText(text: string, where: string, losses: LossItem[]): string {
  const p = classify(text);
  if (p.mode === 'raw') return p.text;
  if (p.mode !== 'deferred' && p.mode !== 'immediate') {
    losses.push({ action: 'changed', to: where, note: `PPE ${p.mode} text kept as written` });
    return text;
  }
  const out = p.text.replace(/\{\{\s*name\s*\}\}/g, '{{char}}');
  if (/\{[{%]/.test(out.replace(/\{\{(char|user)\}\}/g, '')))
    losses.push({ action: 'changed', to: where, note: 'PPE template syntax kept as plain text' });
  return out;
}

export function ppeToCard(text: string): PpeToCardResult {
  const { ast } = parsePpe(text);
  const fm = ast.frontMatter?.data ?? {};
  const losses: LossItem[] = [];
  if (fm['type'] !== 'char')
    losses.push({
      action: 'changed',
      from: '/front-matter/type',
      note: `script type is ${JSON.stringify(fm['type'] ?? null)}, not "char"; read as a character anyway`,
    });
  const field = (key: string, to: string): string => {
    if (typeof fm[key] !== 'string') return '';
    losses.push({ action: 'moved', from: `/front-matter/${key}`, to });
    return fm[key] as string;
  };
  const name = field('name', '/data/name');
  const description = field('description', '/data/description');
  const personality = field('personality', '/data/personality');
  const scenario = field('scenario', '/data/scenario');
  const version = fm['version'] === undefined ? '' : String(fm['version']);
  const tags = Array.isArray(fm['tag']) ? fm['tag'].map(String) : typeof fm['tag'] === 'string' ? [fm['tag']] : [];
  for (const key of Object.keys(fm)) {
    if (!['type', 'name', 'description', 'personality', 'scenario', 'version', 'tag'].includes(key)) {
      losses.push({ action: 'dropped', from: `/front-matter/${key}`, note: 'no card field for it' });
    }
  }

  const separator = ast.body.findIndex((n) => n.kind === 'separator');
  const initNodes = separator < 0 ? [] : ast.body.slice(0, separator);
  const rest = separator < 0 ? ast.body : ast.body.slice(separator + 1);
  const system: string[] = [];
  const examples: string[] = [];
  let lastRole: string | undefined;
  const drop = (n: Instruction, note: string): void => {
    losses.push({ action: 'dropped', from: `/body/line/${n.range.start.line}`, note });
  };
  for (const n of initNodes) {
    if (n.kind === 'message' && n.role === 'system') system.push(cardText(n.text, '/data/system_prompt', losses));
    else if (n.kind === 'message' && (n.role === 'user' || n.role === 'assistant')) {
      // A user turn after a reply opens a new example block.
      if (examples.length === 0 || (n.role === 'user' && lastRole === 'assistant')) examples.push('<START>');
      examples.push(`${n.role === 'user' ? '{{user}}' : '{{char}}'}: ${cardText(n.text, '/data/mes_example', losses)}`);
      lastRole = n.role;
    } else drop(n, `${n.kind} in the init section has no card field`);
  }
  let firstMes = '';
  for (const [i, n] of rest.entries()) {
    if (i === 0 && n.kind === 'message' && n.role === 'assistant')
      firstMes = cardText(n.text, '/data/first_mes', losses);
    else
      drop(
        n,
        n.kind === 'separator'
          ? 'later dialogues have no card field'
          : `${n.kind} after the greeting has no card field`,
      );
  }
  if (system.length) losses.push({ action: 'moved', from: '/body/init/system', to: '/data/system_prompt' });
  if (examples.length) losses.push({ action: 'moved', from: '/body/init', to: '/data/mes_example' });
  if (firstMes) losses.push({ action: 'moved', from: '/body/greeting', to: '/data/first_mes' });

  const card: CardV2 = {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name,
      description,
      personality,
      scenario,
      first_mes: firstMes,
      mes_example: examples.join('\n'),
      creator_notes: '',
      system_prompt: system.join('\n\n'),
      post_history_instructions: '',
      alternate_greetings: [],
      tags,
      creator: '',
      character_version: version,
      extensions: {},
    },
  };
  return { card, losses };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../helpers/run-cli.ts';
import { verified as verifiedChat, verifiedChatml } from '../../shared/prompt/fixture.ts';
import { stCases } from '../../shared/prompt/st-cases.ts';
import presets from '../../../shared/prompt/presets/sillytavern-1.18.0.json' with { type: 'json' };
import { withAnchors } from '../../../shared/prompt/templates.ts';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures');
const aria = [
  '--card',
  'chat/aria.card.json',
  '--book',
  'chat/aria.storm-book.json',
  '--chat',
  'chat/aria.st.jsonl',
  '--persona',
  'Sam is a soaked traveler from the mainland.',
];

// The worked examples of the prompt reference (docs/prompt-assembly.md#worked-example, Chat Completion and ChatML), recorded from SillyTavern 1.18.0.

describe('lorewright prompt', () => {
  it("reproduces SillyTavern's default Chat Completion request, the lore scanned from the book file", async () => {
    const r = await runCliCaptured(['prompt', ...aria], {}, fixtures);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ max_tokens: 300, stream: true, messages: verifiedChat });
  });

  it('--json adds the lore that fired and the token accounting', async () => {
    const r = await runCliCaptured(['prompt', ...aria, '--json'], {}, fixtures);
    const out = JSON.parse(r.out) as {
      request: { messages: unknown[] };
      lore: unknown[];
      parts: { id: string }[];
      tokens: { total: number };
    };
    expect(out.request.messages).toEqual(verifiedChat);
    expect(out.lore).toEqual([
      { book: 'aria.storm-book', uid: 0, comment: 'radio', keys: ['storm'], position: 4, depth: 2 },
    ]);
    expect(out.parts.map((p) => p.id)).toContain('chatHistory');
    expect(out.tokens.total).toBeGreaterThan(0);
  });

  it('text mode with an instruct template and its context prints the prompt exactly', async () => {
    const r = await runCliCaptured(['prompt', ...aria, '--instruct', 'chatml', '--context', 'ChatML'], {}, fixtures);
    expect(r.err).toBe('');
    expect(r.out).toBe(verifiedChatml);
    // --template is another name for --instruct; --bind-to-context picks the context named like it.
    expect(
      (
        await runCliCaptured(
          ['prompt', ...aria, '--mode', 'text', '--template', 'ChatML', '--bind-to-context'],
          {},
          fixtures,
        )
      ).out,
    ).toBe(verifiedChatml);
  });

  it("Bind to Context off (SillyTavern's default) keeps the first-run story string inside the instruct template", async () => {
    const r = await runCliCaptured(['prompt', ...aria, '--instruct', 'ChatML'], {}, fixtures);
    expect(r.out).toContain(
      "<|im_start|>system\nWrite Aria's next reply in a fictional chat between Aria and Sam.\nAria is a cheerful lighthouse keeper on a rocky island.\nAria's personality: Warm, curious, talkative.\nScenario: Sam arrives",
    );
    expect(r.out).toContain('<|im_end|>\n***\n<|im_start|>user\nSam: What do you do all day?');
  });

  it('usage errors exit 2 with the help; unreadable files exit 1', async () => {
    const missing = await runCliCaptured(['prompt', '--card', 'chat/aria.card.json'], {}, fixtures);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--chat is required');
    expect(
      (await runCliCaptured(['prompt', ...aria, '--mode', 'chat', '--instruct', 'chatml'], {}, fixtures)).code,
    ).toBe(2);
    const unknown = await runCliCaptured(['prompt', ...aria, '--instruct', 'nope'], {}, fixtures);
    expect(unknown).toMatchObject({
      code: 2,
      err: expect.stringContaining('Unknown instruct template "nope". Known: Adventure,'),
    });
    expect((await runCliCaptured(['prompt', ...aria, '--context', 'nope'], {}, fixtures)).err).toContain(
      'Unknown context template "nope"',
    );
    expect((await runCliCaptured(['prompt', ...aria, '--max-context', '1k'], {}, fixtures)).err).toContain(
      '--max-context must be a positive whole number',
    );
    expect(
      (await runCliCaptured(['prompt', ...aria, '--max-context', '500', '--max-tokens', '500'], {}, fixtures)).err,
    ).toContain('must be smaller');
    expect((await runCliCaptured(['prompt', ...aria, '--tokenizer', 'gpt2'], {}, fixtures)).err).toContain(
      'Unknown --tokenizer "gpt2"',
    );
    const gone = await runCliCaptured(['prompt', '--card', 'nope.json', '--chat', 'chat/aria.st.jsonl'], {}, fixtures);
    expect(gone).toMatchObject({ code: 1, err: expect.stringContaining('No such file: nope.json') });
    expect((await runCliCaptured(['prompt', '--help'])).out).toContain('Usage: lorewright prompt');
  });
});

describe('lorewright prompt on the recorded SillyTavern 1.18.0 requests', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-prompt-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const c of stCases()) {
    it(`prints what SillyTavern sent: ${c.file}`, async () => {
      const card = path.join(dir, `${c.file}.card.json`);
      const chat = path.join(dir, `${c.file}.jsonl`);
      fs.writeFileSync(card, JSON.stringify(c.card));
      fs.writeFileSync(chat, c.chat_jsonl);
      const args = [
        'prompt',
        '--card',
        card,
        '--chat',
        chat,
        '--mode',
        c.mode,
        '--max-context',
        String(c.context_size),
        '--max-tokens',
        String(c.max_tokens),
      ];
      if (c.mode === 'text') args.push('--instruct', c.instruct ?? 'none', '--context', c.context_template);
      if (c.persona !== null) args.push('--persona', c.persona);
      const r = await runCliCaptured([...args, '--json'], {}, dir);
      expect(r.err).toBe('');
      const { request } = JSON.parse(r.out) as { request: Record<string, unknown> };
      if (c.mode === 'text') {
        expect(request.prompt).toBe(c.expected_prompt);
        expect(request.stop).toEqual(c.stop_as_received);
        expect((await runCliCaptured(args, {}, dir)).out).toBe(c.expected_prompt);
      } else expect(request.messages).toEqual(c.expected_messages);
    });
  }
});

describe('lorewright prompt --st-settings: the recorded cases from their settings.json alone', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-st-settings-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A settings.json as a fresh install has it after onboarding, with the case's recorded changes applied. */
  function settingsJson(changes: Record<string, unknown>): Record<string, unknown> {
    const run = presets.first_run;
    const json: Record<string, unknown> = {
      main_api: run.main_api,
      max_context: run.max_context,
      amount_gen: run.amount_gen,
      power_user: {
        instruct: { ...run.instruct },
        context: { ...run.context, story_string: withAnchors(run.context.story_string), story_string_position: 0 },
        sysprompt: { ...run.sysprompt },
        always_force_name2: true,
      },
    };
    for (const [dotted, value] of Object.entries(changes)) {
      const keys = dotted.split('.');
      let at = json;
      for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
      at[keys.at(-1)!] = value;
    }
    return json;
  }

  for (const c of stCases().filter((x) => x.mode === 'text')) {
    it(c.file, async () => {
      const base = path.join(dir, c.file);
      fs.writeFileSync(`${base}.card.json`, JSON.stringify(c.card));
      fs.writeFileSync(`${base}.jsonl`, c.chat_jsonl);
      fs.writeFileSync(`${base}.settings.json`, JSON.stringify(settingsJson(c.settings_changed)));
      const r = await runCliCaptured(
        [
          'prompt',
          '--card',
          `${base}.card.json`,
          '--chat',
          `${base}.jsonl`,
          '--st-settings',
          `${base}.settings.json`,
          '--json',
        ],
        {},
        dir,
      );
      expect(r.err).toBe('');
      const { request } = JSON.parse(r.out) as { request: Record<string, unknown> };
      expect(request.prompt).toBe(c.expected_prompt);
      expect(request.stop).toEqual(c.stop_as_received);
      expect(request.max_tokens).toBe(c.max_tokens);
    });
  }

  it('names what is wrong in a broken settings file', async () => {
    const file = path.join(dir, 'broken.json');
    fs.writeFileSync(file, JSON.stringify({ power_user: { instruct: { enabled: true, wrap: 'yes' } } }));
    const r = await runCliCaptured(['prompt', ...aria, '--st-settings', file], {}, fixtures);
    expect(r).toMatchObject({
      code: 1,
      err: expect.stringContaining('power_user.instruct: "wrap" must be a boolean, got "yes"'),
    });
  });
});

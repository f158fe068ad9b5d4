// Keyboard reachability on every page: pressing Tab from the top of the page reaches every visible, enabled control
// (buttons, links, fields, [tabindex] elements, labels standing in for hidden file inputs, Monaco editors), and each
// shows a visible focus indicator when reached. In a Monaco editor Tab indents; Esc then Tab leaves, as the hint under
// the editor says. Real web host, real SQLite library, real Chromium.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openLibrary } from '../../electron/services/library/library.ts';
import { importCards } from '../../electron/services/library/import-cards.ts';
import { useAppPage } from '../helpers/e2e-app.ts';

const BOOK = {
  entries: Object.fromEntries(
    ['Wolf pack', 'Moon howl'].map((comment, uid) => [
      String(uid),
      { uid, key: [comment.split(' ')[0]!.toLowerCase()], keysecondary: [], comment, content: `About ${comment}.` },
    ]),
  ),
};

/** A card, a lorebook and a script: one of everything a page can show. */
const app = useAppPage('keyboard', {}, async (db) => {
  const library = openLibrary(db);
  const card = { spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Aria', first_mes: 'Hello.', tags: [] } };
  await importCards(library, [{ name: 'Aria.json', bytes: Buffer.from(JSON.stringify(card)) }]);
  library.lorebooks.create({ name: 'Wolves', document: JSON.stringify(BOOK) });
  library.scripts.create({ name: 'haiku', document: '---\ninput: [topic]\n---\nuser: "A haiku about {{topic}}."\n' });
  library.close();
});

/** The app at a route, as a reload would open it. */
async function open(route: string): Promise<void> {
  await app.page.goto(app.at(route));
  await app.page.getByRole('navigation').first().waitFor();
}

/** Marks every control the user could operate with `data-kb` and remembers how it looks unfocused. */
function markControls(): string[] {
  const CONTROLS =
    'button, a[href], input:not([type=hidden]), select, textarea, summary, [tabindex], [role=button], [role=tab], [role=checkbox], [role=switch], [role=link], [role=menuitem], label';
  const labels: string[] = [];
  const shown = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true });
  };
  const mark = (el: HTMLElement, key: string): void => {
    const s = getComputedStyle(el.closest('.monaco-host') ?? el);
    el.dataset['kb'] = key;
    el.dataset['kbStyle'] = `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} ${s.boxShadow}`;
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    labels.push(`${key}: <${el.tagName.toLowerCase()}> ${name || el.getAttribute('name') || el.id || el.className}`);
  };
  document.querySelectorAll('[data-kb]').forEach((el) => el.removeAttribute('data-kb'));
  let n = 0;
  for (const el of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (el.closest('.monaco-editor') || el.closest('[inert]') || !shown(el)) continue;
    if (el.matches(':disabled') || el.getAttribute('tabindex') === '-1') continue;
    if (el instanceof HTMLLabelElement) {
      // A label only counts when it stands in for a control the user cannot see (a hidden file input, say).
      const control = el.control;
      if (!control || shown(control)) continue;
    }
    // One radio group is one stop: arrow keys move inside it.
    if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
      const first = document.querySelector<HTMLInputElement>(`input[type=radio][name="${el.name}"]:not(:disabled)`);
      if (first !== el) continue;
    }
    mark(el, String(n++));
  }
  for (const editor of document.querySelectorAll<HTMLElement>('.monaco-editor'))
    if (shown(editor)) mark(editor, String(n++));
  return labels;
}

/** Where the focus is: the marked control holding it (a radio stands for its group), and whether it shows it. */
function focusState(): { key: string | null; monaco: boolean; indicator: boolean } {
  let el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return { key: null, monaco: false, indicator: false };
  if (el instanceof HTMLInputElement && el.type === 'radio' && el.name)
    el = document.querySelector<HTMLElement>(`input[type=radio][name="${el.name}"][data-kb]`) ?? el;
  const marked =
    (el.matches('[data-kb]') ? el : el.closest<HTMLElement>('.monaco-editor[data-kb]')) ??
    // A label standing in for a hidden control is reached when its control is focused.
    [...document.querySelectorAll<HTMLLabelElement>('label[data-kb]')].find((l) => l.control === el) ??
    null;
  if (!marked) return { key: `unmarked <${el.tagName.toLowerCase()}> ${el.className}`, monaco: false, indicator: true };
  const s = getComputedStyle(marked.closest('.monaco-host') ?? marked);
  const now = `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} ${s.boxShadow}`;
  const outlined = s.outlineStyle !== 'none' && s.outlineWidth !== '0px';
  const shadowed = s.boxShadow !== 'none';
  return {
    key: marked.dataset['kb']!,
    monaco: marked.classList.contains('monaco-editor'),
    indicator: now !== marked.dataset['kbStyle'] && (outlined || shadowed),
  };
}

interface Walk {
  controls: string[];
  unreached: string[];
  noIndicator: string[];
  /** Controls Tab could not leave (Esc then Tab included). */
  traps: string[];
}

/** Tabs through the whole page once, from the top. */
async function walk(p: Page): Promise<Walk> {
  await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const controls = await p.evaluate(markControls);
  // Tab starts from the top of the page: a focus point before everything else, itself outside the Tab order.
  await p.evaluate(() => {
    const start = document.createElement('div');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
  });
  const reached = new Set<string>();
  const noIndicator = new Set<string>();
  const traps = new Set<string>();
  let previous: string | null = null;
  let outside = 0;
  let first: string | null = null;
  for (let i = 0; i < controls.length * 2 + 20; i++) {
    await p.keyboard.press('Tab');
    let state = await p.evaluate(focusState);
    if (state.key !== null && state.key === previous) {
      // Stuck: a code editor keeps Tab; Esc then Tab is the way out.
      await p.keyboard.press('Escape');
      await p.keyboard.press('Tab');
      state = await p.evaluate(focusState);
      if (state.key === previous) traps.add(state.key);
    }
    if (state.key === null) {
      if (++outside > 2) break; // Tab left the page
      continue;
    }
    outside = 0;
    if (state.key === first) break; // wrapped around
    first ??= state.key;
    reached.add(state.key);
    if (!state.indicator) noIndicator.add(state.key);
    if (state.monaco) {
      // Inside the editor, Tab indents: Esc first, then Tab moves on.
      await p.keyboard.press('Escape');
    }
    previous = state.key;
  }
  const name = (key: string) => controls.find((c) => c.startsWith(`${key}: `)) ?? key;
  return {
    controls,
    unreached: controls.filter((c) => !reached.has(c.split(':')[0]!)),
    noIndicator: [...noIndicator].map(name),
    traps: [...traps].map(name),
  };
}

const PAGES: [string, (page: Page) => Promise<void>][] = [
  [
    'library',
    async (page) => {
      await open('#/library');
      await page
        .getByRole('link', { name: 'Aria' })
        .or(page.getByText('Aria', { exact: true }))
        .first()
        .waitFor();
    },
  ],
  [
    'card editor',
    async (page) => {
      await open('#/card/1');
      await page.locator('[data-testid=json-editor] .monaco-editor').waitFor();
    },
  ],
  [
    'lorebooks list',
    async (page) => {
      await open('#/lorebooks');
      await page.getByText('Wolves').first().waitFor();
    },
  ],
  [
    'lorebook editor with an entry open and the preview',
    async (page) => {
      await open('#/lorebook/1');
      await page.getByText('Wolf pack').first().click();
      await page
        .getByRole('tab', { name: 'Preview' })
        .or(page.getByRole('button', { name: 'Preview' }))
        .first()
        .click();
      await page.getByLabel('Character name').waitFor();
    },
  ],
  [
    'scripts with a script open',
    async (page) => {
      await open('#/scripts');
      await page.getByRole('button', { name: 'haiku' }).click();
      await page.locator('[data-testid=script-editor] .monaco-editor').waitFor();
    },
  ],
  [
    'chats with a card picked',
    async (page) => {
      await open('#/chats');
      await page.getByLabel('Character', { exact: true }).selectOption({ label: 'Aria' });
      await page.getByTestId('chat-message').first().waitFor();
    },
  ],
  [
    'settings',
    async (page) => {
      await open('#/settings');
      await page.getByRole('heading').first().waitFor();
    },
  ],
];

describe('keyboard reachability', () => {
  it.each(PAGES)('every control of the %s page is reached by Tab and shows its focus', async (_name, show) => {
    await show(app.page);
    const result = await walk(app.page);
    expect(result.controls.length).toBeGreaterThan(3);
    expect({ unreached: result.unreached, noIndicator: result.noIndicator, traps: result.traps }).toEqual({
      unreached: [],
      noIndicator: [],
      traps: [],
    });
  });

  it('the walk itself catches a control Tab skips and one without a focus indicator', async () => {
    const { page } = app;
    await open('#/settings');
    await page.getByRole('heading').first().waitFor();
    await page.evaluate(() => {
      const skipped = document.createElement('div');
      skipped.setAttribute('role', 'button');
      skipped.textContent = 'Not focusable';
      const plain = document.createElement('button');
      plain.textContent = 'No ring';
      plain.style.outline = 'none';
      document.querySelector('main')!.prepend(skipped, plain);
    });
    const result = await walk(page);
    expect(result.unreached).toEqual([expect.stringContaining('Not focusable')]);
    expect(result.noIndicator).toEqual([expect.stringContaining('No ring')]);
  });

  it('in the script editor Tab indents, and Esc then Tab moves on to the next control', async () => {
    const { page } = app;
    await open('#/scripts');
    await page.getByRole('button', { name: 'haiku' }).click();
    const editor = page.locator('[data-testid=script-editor] .monaco-editor');
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Tab');
    expect(await editor.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expect
      .poll(() => page.locator('[data-testid=script-editor] .view-lines').innerText())
      .toMatch(/\n[\s\u00a0]{2}$/);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await editor.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    // Back in the editor, Tab indents again.
    await page.keyboard.press('Shift+Tab');
    expect(await editor.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.getByText('To leave the editor with the keyboard, press Esc, then Tab').first().waitFor();
  });
});

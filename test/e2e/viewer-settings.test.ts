import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { SETTINGS_SCHEMA, settingsFile } from '../../src/config/index.ts';
import { SETTING_GROUPS } from '../../src/config/setting-groups.ts';
import { SETTING_LABELS } from '../../src/config/setting-labels.ts';
import { NEEDS_CHROMIUM } from '../helpers/browser.ts';
import { seedViewerCorpus } from '../helpers/viewer-corpus.ts';
import type { ViewerHome } from '../helpers/viewer-seed.ts';
import { viewerSuite } from '../helpers/viewer-suite.ts';

const savedFile = (home: ViewerHome): string =>
  existsSync(settingsFile(home.dataDir)) ? readFileSync(settingsFile(home.dataDir), 'utf8') : '';

const labelOf = (key: keyof typeof SETTING_LABELS): string => SETTING_LABELS[key].label;

/** Every setting row of the page: `group|key|label|raw key` (hidden groups included). */
const ROWS = `Array.from(document.querySelectorAll('section.setting-group .setting')).map((row) =>
  [row.closest('section').dataset.group, row.dataset.key,
   row.querySelector('.setting-label').textContent, row.querySelector('.raw-key').textContent].join('|'))`;

/**
 * Every visible select of the page with its box and whether its shown option's text fits inside
 * it (the text's width, measured with the select's own font, against its inner width less the
 * arrow's ~20 px).
 */
const SELECTS = `(() => {
  const pen = document.createElement('canvas').getContext('2d');
  return Array.from(document.querySelectorAll('select')).filter((s) => s.offsetParent !== null)
    .map((s) => {
      const box = s.getBoundingClientRect();
      const style = getComputedStyle(s);
      pen.font = style.font;
      const text = s.options[s.selectedIndex]?.text ?? '';
      const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      return { id: s.id, text, left: box.left, right: box.right, fits: pen.measureText(text).width <= room };
    });
})()`;

interface SelectBox {
  id: string;
  text: string;
  left: number;
  right: number;
  fits: boolean;
}

async function openGroup(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: title, exact: true }).click();
  await page.locator('section.setting-group:not([hidden]) h3', { hasText: title }).waitFor();
}

/**
 * The settings issue (31): settings grouped by what a person wants to do, with plain labels and
 * the raw key; saved as before (each field validated, nothing saved on any error); and the
 * filters' selects whole at phone width.
 */
describe('the settings page, for people', NEEDS_CHROMIUM, () => {
  const viewer = viewerSuite({
    seed: seedViewerCorpus,
  });

  it('shows every setting of the schema under its group, with its label and its raw key', async () => {
    const { context, page } = await viewer.open({ hash: '#/settings' });
    await page.locator('.setting').first().waitFor();
    const rows = (await page.evaluate<string[]>(ROWS)).sort();
    const want = Object.keys(SETTINGS_SCHEMA).map((key) => {
      const words = SETTING_LABELS[key as keyof typeof SETTING_LABELS];
      return `${words.group}|${key}|${words.label}|${key}`;
    });
    assert.deepEqual(rows, want.sort());
    const titles = await page.locator('section.setting-group h3').allInnerTexts();
    assert.deepEqual(
      titles,
      SETTING_GROUPS.map((g) => g.title),
    );
    assert.equal(await page.locator('section.setting-group:not([hidden])').count(), 1);
    await context.close();
  });

  it('shows the effect of each choice and finds a setting by a word of its label or its key', async () => {
    const { context, page } = await viewer.open({ hash: '#/settings' });
    await openGroup(page, 'Recall');
    const mode = page.getByRole('radiogroup', { name: 'Search ranking' });
    assert.match(await mode.innerText(), /fts\s+By words only[^]*hybrid\s+Both, fused/);
    await page.getByLabel('Find a setting').fill('worker.port');
    const shown = page.locator('.setting:not([hidden])');
    await page.waitForFunction(
      `document.querySelectorAll('section:not([hidden]) .setting:not([hidden])').length === 1`,
    );
    assert.equal(await shown.filter({ visible: true }).getAttribute('data-key'), 'worker.port');
    await page.getByLabel('Find a setting').fill('embeddings');
    await page.getByLabel(labelOf('search.embeddingsModel')).waitFor();
    await context.close();
  });

  it('opens the group its link names, and a group opened puts its name in the link', async () => {
    const { context, page } = await viewer.open({ hash: '#/settings/team' });
    await page.locator('section.setting-group:not([hidden]) h3', { hasText: 'Team' }).waitFor();
    await page.getByLabel(labelOf('team.url')).waitFor();
    await openGroup(page, 'Storage and retention');
    assert.match(page.url(), /#\/settings\/storage$/);
    await page.reload();
    await page.getByLabel(labelOf('retention.maxAgeDays')).waitFor();
    await context.close();
  });

  it('shows a bad value next to its field, in its group, and saves nothing', async () => {
    const { context, page } = await viewer.open({ hash: '#/settings' });
    const before = savedFile(viewer.home);
    await openGroup(page, 'Advanced');
    await page
      .getByRole('radiogroup', { name: labelOf('log.level') })
      .getByRole('radio', { name: 'debug', exact: true })
      .check();
    await openGroup(page, 'Recall');
    await page.getByLabel(labelOf('context.maxTokens')).fill('99999');
    await openGroup(page, 'Capture');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const field = page.locator('.setting[data-key="context.maxTokens"]');
    await field.locator('.field-error').waitFor();
    assert.equal(
      await field.locator('.field-error').innerText(),
      'expected an integer from 200 to 2000',
    );
    assert.equal(
      await page.getByLabel(labelOf('context.maxTokens')).getAttribute('aria-invalid'),
      'true',
    );
    await page.getByRole('button', { name: 'Recall 1 error' }).waitFor();
    assert.equal(savedFile(viewer.home), before);
    await page.reload();
    await openGroup(page, 'Recall');
    assert.equal(await page.getByLabel(labelOf('context.maxTokens')).inputValue(), '1500');
    await context.close();
  });

  it('saves a changed setting of two groups and says one applies after a restart', async () => {
    const { context, page } = await viewer.open({ hash: '#/settings' });
    await openGroup(page, 'Recall');
    await page.getByLabel(labelOf('context.maxTokens')).fill('1200');
    await openGroup(page, 'Team');
    await page
      .getByRole('radiogroup', { name: labelOf('team.share') })
      .getByRole('radio', { name: 'summaries', exact: true })
      .check();
    await page.getByText('2 unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved 2 settings' }).waitFor();
    assert.deepEqual(JSON.parse(savedFile(viewer.home)), {
      context: { maxTokens: 1200 },
      team: { share: 'summaries' },
    });
    await openGroup(page, 'Recall');
    const row = page.locator('.setting[data-key="context.maxTokens"]');
    assert.match(await row.innerText(), /after a worker restart[^]*running worker still uses 1500/);
    await context.close();
  });

  it('keeps every select of the filters whole inside a 375 px wide screen', async () => {
    const cut: SelectBox[] = [];
    for (const hash of ['#/', '#/overview', '#/status']) {
      const { context, page } = await viewer.open({ hash, width: 375 });
      await page.locator('select').first().waitFor();
      const boxes = await page.evaluate<SelectBox[]>(SELECTS);
      assert.ok(boxes.length > 0, hash);
      cut.push(...boxes.filter((b) => b.left < 0 || b.right > 375 || !b.fits));
      await context.close();
    }
    assert.deepEqual(cut, []);
  });
});

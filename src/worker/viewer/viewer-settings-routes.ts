import { Hono } from 'hono';
import { SETTINGS_SCHEMA, loadSettings, settingsFile } from '../../config/index.ts';
import { SETTING_GROUPS } from '../../config/setting-groups.ts';
import { buildContext } from '../../context/index.ts';
import { describeSettings, saveSettings, settingErrors } from './viewer-settings.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { jsonBody } from '../recall/recall-input.ts';
import { PreviewQuerySchema, SettingsBodySchema } from './viewer-input.ts';

/** A draft context setting if it is valid, else the running one. */
function draft(
  key: 'context.maxTokens' | 'context.maxObservations',
  text: string | undefined,
  running: number,
): number {
  if (text === undefined || text.trim() === '') return running;
  const checked = SETTINGS_SCHEMA[key].check(Number(text));
  return checked.ok ? checked.value : running;
}

/**
 * GET /api/settings: the page's groups, and every setting with its value, default, label, help,
 * effect of each choice, description, expected form and when a change applies. PUT /api/settings `{values}` (token): validates every field with the settings
 * schema first; any invalid one answers 400 `{errors: {key: message}}` and nothing is saved.
 * GET /api/viewer/context-preview?project[&maxTokens&maxObservations]: the SessionStart context
 * of a project, built with the given (unsaved) context settings.
 */
export function viewerSettingsRoutes(deps: WorkerDeps, env: NodeJS.ProcessEnv): Hono {
  const view = () => ({
    file: settingsFile(deps.dataDir),
    groups: SETTING_GROUPS.map((group) => ({ ...group })),
    items: describeSettings(deps.dataDir, deps.settings, env),
  });
  return new Hono()
    .get('/api/settings', (c) => c.json(view()))
    .put('/api/settings', async (c) => {
      const { values } = SettingsBodySchema.parse(await jsonBody(c.req));
      const errors = settingErrors(values, loadSettings(deps.dataDir, {}).settings);
      const invalid = Object.keys(errors).length;
      if (invalid > 0) {
        const message = `${invalid} setting${invalid === 1 ? ' is' : 's are'} invalid; nothing was saved`;
        return c.json({ error: { code: 'BAD_REQUEST', message }, errors }, 400);
      }
      saveSettings(deps.dataDir, values);
      deps.log.log('info', `settings changed from the viewer: ${Object.keys(values).join(', ')}`);
      return c.json({ saved: Object.keys(values), ...view() });
    })
    .get('/api/viewer/context-preview', (c) => {
      const q = PreviewQuerySchema.parse(c.req.query());
      const maxTokens = draft('context.maxTokens', q.maxTokens, deps.settings['context.maxTokens']);
      const maxObservations = draft(
        'context.maxObservations',
        q.maxObservations,
        deps.settings['context.maxObservations'],
      );
      const built = buildContext(
        deps.db,
        { project: q.project, source: 'startup', now: deps.now() },
        { maxTokens, maxObservations },
      );
      return c.json({ ...built, project: q.project, maxTokens, maxObservations });
    });
}

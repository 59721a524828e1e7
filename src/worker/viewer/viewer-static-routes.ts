import { Hono, type Context } from 'hono';
import { VIEWER_CSP, indexHtml, readUiFile } from './viewer-static.ts';

const NOT_BUILT =
  'The viewer is not built. Run `npm run build` (it runs scripts/build-ui.mjs), then reload.';

function common(c: Context): void {
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
}

/**
 * The built viewer: GET / (index.html, no token in it), GET /assets/<file> (hashed, cached for a
 * year) and a few files at the root (favicon, the theme script). Nothing else of the folder.
 */
export function viewerStaticRoutes(uiDir: string | undefined): Hono {
  const page = (c: Context) => {
    common(c);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', VIEWER_CSP);
    c.header('X-Frame-Options', 'DENY');
    const html = uiDir === undefined ? undefined : indexHtml(uiDir);
    return html === undefined ? c.text(NOT_BUILT, 503) : c.html(html);
  };
  const file = (c: Context, segments: string[], cache: string) => {
    const found = uiDir === undefined ? undefined : readUiFile(uiDir, segments);
    if (!found) return c.notFound();
    common(c);
    c.header('Cache-Control', cache);
    c.header('Content-Type', found.type);
    return c.body(new Uint8Array(found.body));
  };
  return new Hono()
    .get('/', page)
    .get('/index.html', page)
    .get('/assets/:name', (c) =>
      file(c, ['assets', c.req.param('name')], 'public, max-age=31536000, immutable'),
    )
    .get('/:name{[A-Za-z0-9_][A-Za-z0-9._-]*\\.(?:js|svg|png|ico|txt)}', (c) =>
      file(c, [c.req.param('name')], 'no-cache'),
    );
}

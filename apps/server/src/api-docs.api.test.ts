import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from '../test/helper';

/**
 * The OpenAPI description at /api/docs: served only when API_DOCS asks for it
 * (by default, only in the demo on the embedded database). The document is
 * built either way, for what reads it in process (the fuzz test).
 */

const DOC_URLS = ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html'];

describe.each([
  { apiDocs: false, served: false },
  { apiDocs: true, served: true },
])('API_DOCS=$apiDocs', ({ apiDocs, served }) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApi({ apiDocs });
  });

  it(
    served ? 'serves the document and its browser to anyone' : 'answers 404 for every docs address',
    async () => {
      for (const url of DOC_URLS) {
        const res = await ctx.call({ method: 'GET', url });
        if (served) {
          expect([200, 302], url).toContain(res.statusCode);
        } else {
          expect(res.statusCode, url).toBe(404);
          expect(res.json(), url).toMatchObject({ error: 'route_not_found' });
          expect(res.body, url).not.toContain('openapi');
        }
      }
      if (served)
        expect((await ctx.call({ method: 'GET', url: '/api/docs/json' })).json().openapi).toMatch(/^3\./);
    },
  );

  it('keeps the document in process (the fuzz test reads it)', () => {
    const doc = ctx.app.swagger() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/v1/login_check');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('GET /health', () => {
  it('answers 200 once the app and its database are ready', async () => {
    const res = await app.client().get('/health');
    expect(res).toMatchObject({ status: 200, body: { status: 'ok', database: app.database.kind } });
  });

  it('serves the OpenAPI description of every route', async () => {
    const res = await fetch(`${app.url}/api/docs/json`);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/auth/signin', '/auth/devices', '/health']),
    );
  });
});

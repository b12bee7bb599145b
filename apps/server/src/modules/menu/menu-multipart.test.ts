import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTenant, startTestApp } from '../../../test/harness.ts';
import { addItem, storedImages } from './menu.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const B = 'comandaboundary';
const part = (name: string, value: string) =>
  `--${B}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = `--${B}\r\ncontent-disposition: form-data; name="image"; filename="p.jpg"\r\ncontent-type: image/jpeg\r\n\r\n${'x'.repeat(2000)}\r\n`;

describe('malformed multipart uploads', () => {
  it.each([
    ['without a boundary', 'multipart/form-data', `${filePart}--${B}--\r\n`, 400, 'Malformed form data!'],
    ['cut short', `multipart/form-data; boundary=${B}`, filePart.slice(0, 150), 400, 'Malformed form data!'],
    [
      'with too many fields',
      `multipart/form-data; boundary=${B}`,
      `${[1, 2, 3, 4, 5, 6, 7].map((i) => part(`f${i}`, 'v')).join('')}${filePart}--${B}--\r\n`,
      413,
      'Too many form fields!',
    ],
    [
      'with two files',
      `multipart/form-data; boundary=${B}`,
      `${filePart}${filePart}--${B}--\r\n`,
      413,
      'Too many files!',
    ],
  ])(
    'answers a form %s with %s and a clear message, storing nothing',
    async (_name, type, body, status, message) => {
      const t = await createTenant(app);
      const id = await addItem(t.client);
      const res = await t.client.post(`/menu-items/update/${id}/upload-photo`, body, {
        'content-type': type,
      });
      expect(res).toMatchObject({ status, body: { message } });
      expect(await storedImages(app, t.tenantId)).toEqual([]);
    },
  );
});

import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '@comanda/core';
import {
  type TestApp,
  auditActions,
  createColleague,
  createTenant,
  download,
  startTestApp,
} from '../../../test/harness.ts';
import { addItem, imageForm, listItems, postForm, storedImages } from './menu.fixtures.ts';

let app: TestApp;
let photo: Buffer;
beforeAll(async () => {
  app = await startTestApp();
  // A camera-sized JPEG carrying EXIF that must not reach diners.
  photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#f60' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret', Artist: 'owner' } } })
    .toBuffer();
});
afterAll(() => app.close());

const uploadPath = (id: number | string) => `/menu-items/update/${id}/upload-photo`;

describe('menu item photos', () => {
  it('answers 401 without a session, but serves photos publicly', async () => {
    const c = app.client();
    expect((await postForm(c, uploadPath(1), imageForm(photo))).status).toBe(401);
    expect((await c.post('/menu-items/update/1/remove-photo')).status).toBe(401);
    expect(await c.get('/images/unknownKey123')).toMatchObject({
      status: 404,
      body: { message: 'Image not found!' },
    });
    expect((await c.get('/images/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('refuses a file that is not an image, whatever its name or type says, and stores nothing', async () => {
    const t = await createTenant(app);
    const id = await addItem(t.client);
    const notAnImage = { status: 400, body: { message: 'The file given is not an image' } };
    const text = Buffer.from('hello, I am a text file\n'.repeat(20));
    expect(await postForm(t.client, uploadPath(id), imageForm(text, 'photo.png', 'image/png'))).toMatchObject(
      notAnImage,
    );
    // Formats sharp reads but we do not serve: an SVG may carry script.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>1</script></svg>',
    );
    expect(await postForm(t.client, uploadPath(id), imageForm(svg, 'a.svg', 'image/svg+xml'))).toMatchObject(
      notAnImage,
    );
    // A real header over a cut-off body.
    expect(
      await postForm(t.client, uploadPath(id), imageForm(photo.subarray(0, 600), 'cut.jpg', 'image/jpeg')),
    ).toMatchObject(notAnImage);
    expect(await storedImages(app, t.tenantId)).toEqual([]);
    expect((await t.client.get<MenuItem>(`/menu-items/${id}`)).body.image).toBeNull();
  });

  it('answers "not an instance of Blob or File" when no file is sent', async () => {
    const t = await createTenant(app);
    const id = await addItem(t.client);
    const noFile = { status: 400, body: { message: 'The file given is not an instance of Blob or File' } };
    const textField = new FormData();
    textField.append('image', 'just a string');
    expect(await postForm(t.client, uploadPath(id), textField)).toMatchObject(noFile);
    expect(
      await postForm(t.client, uploadPath(id), imageForm(photo, 'p.jpg', 'image/jpeg', 'picture')),
    ).toMatchObject(noFile);
    expect(await t.client.post(uploadPath(id), { image: 'x' })).toMatchObject(noFile);
    expect(await t.client.post(uploadPath(id))).toMatchObject(noFile);
    expect(await storedImages(app, t.tenantId)).toEqual([]);
  });

  it('answers 413 for an upload over 2 MiB', async () => {
    const t = await createTenant(app);
    const id = await addItem(t.client);
    const big = crypto.randomBytes(2 * 1024 * 1024 + 1);
    expect(await postForm(t.client, uploadPath(id), imageForm(big))).toMatchObject({
      status: 413,
      body: { message: 'Image is too large!' },
    });
    expect(await storedImages(app, t.tenantId)).toEqual([]);
    // The connection and the session still work afterwards.
    expect((await postForm(t.client, uploadPath(id), imageForm(photo))).status).toBe(200);
  });

  it('answers 403 to staff without SETTINGS', async () => {
    const t = await createTenant(app);
    const id = await addItem(t.client);
    const s = await createColleague(app, t, { scopes: ['POS'] });
    expect((await postForm(s.client, uploadPath(id), imageForm(photo))).status).toBe(403);
    expect((await s.client.post(`/menu-items/update/${id}/remove-photo`)).status).toBe(403);
    expect(await storedImages(app, t.tenantId)).toEqual([]);
  });

  it("answers 404 for another tenant's item and stores nothing", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const bItem = await addItem(b.client);
    expect(await postForm(b.client, uploadPath(bItem), imageForm(photo))).toMatchObject({ status: 200 });
    const bImages = await storedImages(app, b.tenantId);

    expect(await postForm(a.client, uploadPath(bItem), imageForm(photo))).toMatchObject({
      status: 404,
      body: { message: 'Menu item not found!' },
    });
    expect(await a.client.post(`/menu-items/update/${bItem}/remove-photo`)).toMatchObject({
      status: 404,
      body: { message: 'Menu item not found!' },
    });
    expect((await postForm(a.client, uploadPath('nope'), imageForm(photo))).status).toBe(404);
    expect(await storedImages(app, a.tenantId)).toEqual([]);
    expect(await storedImages(app, b.tenantId)).toEqual(bImages);
    expect((await b.client.get<MenuItem>(`/menu-items/${bItem}`)).body.image).toMatch(/^\/api\/v1\/images\//);
  });

  it('stores a re-encoded WebP of at most 512 px without metadata, served publicly and cached for good', async () => {
    expect((await sharp(photo).metadata()).exif?.includes('secret')).toBe(true);
    const t = await createTenant(app);
    const id = await addItem(t.client);
    const res = await postForm(t.client, uploadPath(id), imageForm(photo, 'holiday.jpg'));
    expect(res).toMatchObject({ status: 200, body: { message: 'Image uploaded!' } });
    const url = res.body.imageURL as string;
    expect(url).toMatch(/^\/api\/v1\/images\/[A-Za-z0-9_-]{22}$/);
    expect((await t.client.get<MenuItem>(`/menu-items/${id}`)).body.image).toBe(url);
    expect((await listItems(t.client))[0]?.image).toBe(url);

    const served = await download(app.client(), url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 288 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.bytes.includes('secret')).toBe(false);
    expect(await storedImages(app, t.tenantId)).toEqual([
      { key: url.split('/').pop(), contentType: 'image/webp' },
    ]);
  });

  it('never enlarges a small photo and turns it upright by its EXIF orientation', async () => {
    const t = await createTenant(app);
    const id = await addItem(t.client);
    // 200x100 stored sideways (orientation 6: rotate 90° clockwise to view).
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0a0' } })
      .png()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await postForm(t.client, uploadPath(id), imageForm(sideways, 'small.png', 'image/png'));
    expect(res.status).toBe(200);
    const served = await download(app.client(), res.body.imageURL as string);
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'webp', width: 100, height: 200 });
  });

  it('replaces the previous photo and removes photos with their item', async () => {
    const t = await createTenant(app);
    const id = await addItem(t.client);
    const first = (await postForm(t.client, uploadPath(id), imageForm(photo))).body.imageURL as string;
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#00f8' } })
      .png()
      .toBuffer();
    const second = await postForm(t.client, uploadPath(id), imageForm(png, 'logo.png', 'image/png'));
    expect(second.status).toBe(200);
    const secondUrl = second.body.imageURL as string;
    expect(secondUrl).not.toBe(first);
    expect((await download(app.client(), first)).status).toBe(404);
    expect((await download(app.client(), secondUrl)).status).toBe(200);
    expect(await storedImages(app, t.tenantId)).toHaveLength(1);

    expect(await t.client.post(`/menu-items/update/${id}/remove-photo`)).toMatchObject({
      status: 200,
      body: { message: 'Image removed!' },
    });
    expect((await t.client.get<MenuItem>(`/menu-items/${id}`)).body.image).toBeNull();
    expect((await download(app.client(), secondUrl)).status).toBe(404);
    expect(await storedImages(app, t.tenantId)).toEqual([]);
    // Removing again is harmless.
    expect((await t.client.post(`/menu-items/update/${id}/remove-photo`)).status).toBe(200);

    const third = (await postForm(t.client, uploadPath(id), imageForm(photo))).body.imageURL as string;
    expect((await t.client.request('DELETE', `/menu-items/delete/${id}`)).status).toBe(200);
    expect((await download(app.client(), third)).status).toBe(404);
    expect(await storedImages(app, t.tenantId)).toEqual([]);
    expect(await auditActions(app, t.tenantId)).toEqual(
      expect.arrayContaining(['menu_item.photo_upload', 'menu_item.photo_remove', 'menu_item.delete']),
    );
  });
});

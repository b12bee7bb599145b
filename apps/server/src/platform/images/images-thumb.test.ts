import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QrMenu } from '@comanda/core';
import { type TestApp, download, startTestApp } from '../../../test/harness.ts';
import { images, menuItems } from '../db/schema.ts';
import { imageForm, postForm } from '../../modules/menu/menu.fixtures.ts';
import { createQrStore } from '../../modules/qrmenu/qrmenu.fixtures.ts';

let app: TestApp;
let photo: Buffer;
beforeAll(async () => {
  app = await startTestApp();
  photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0a6' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => app.close());

const thumbOf = (tenantId: number, key: string) =>
  app.database.inTenant(tenantId, async (tx) => {
    const [row] = await tx
      .select({ thumb: images.thumbBytes })
      .from(images)
      .where(and(eq(images.tenantId, tenantId), eq(images.key, key)));
    return row?.thumb ?? null;
  });

describe('GET /images/{key}/thumb', () => {
  it('serves a small WebP copy of an uploaded photo, cached like the photo, and the menu points at it', async () => {
    const s = await createQrStore(app);
    const up = await postForm(
      s.owner.client,
      `/menu-items/update/${s.burger}/upload-photo`,
      imageForm(photo),
    );
    expect(up.status).toBe(200);
    const menu = await app.client().get<QrMenu>(`/qrmenu/${s.code}`);
    const burger = menu.body.menuItems.find((i) => i.id === s.burger);
    const key = /\/images\/([^/]+)$/.exec(burger?.image ?? '')?.[1] ?? '';
    expect(burger?.thumb).toBe(`/api/v1/images/${key}/thumb`);
    // Made with the upload.
    expect(await thumbOf(s.owner.tenantId, key)).not.toBeNull();
    const thumb = await download(app.client(), burger?.thumb ?? '');
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(thumb.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(240);
    const full = await download(app.client(), burger?.image ?? '');
    expect(thumb.bytes.length).toBeLessThan(full.bytes.length);
  });

  it('makes the copy on first request for a photo stored without one, then keeps it', async () => {
    const s = await createQrStore(app);
    const bytes = await sharp(photo).resize(400).webp().toBuffer();
    const key = `old${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    await app.database.inTenant(s.owner.tenantId, async (tx) => {
      const [img] = await tx
        .insert(images)
        .values({ tenantId: s.owner.tenantId, key, contentType: 'image/webp', bytes })
        .returning({ id: images.id });
      await tx
        .update(menuItems)
        .set({ imageId: img?.id })
        .where(and(eq(menuItems.tenantId, s.owner.tenantId), eq(menuItems.id, s.water)));
    });
    expect(await thumbOf(s.owner.tenantId, key)).toBeNull();
    const first = await download(app.client(), `/api/v1/images/${key}/thumb`);
    expect(first.status).toBe(200);
    expect((await sharp(first.bytes).metadata()).width).toBe(240);
    const kept = await thumbOf(s.owner.tenantId, key);
    expect(kept?.equals(first.bytes)).toBe(true);
    expect((await download(app.client(), `/api/v1/images/${key}/thumb`)).bytes.equals(first.bytes)).toBe(
      true,
    );
  });

  it('makes a missing copy once for concurrent requests', async () => {
    const s = await createQrStore(app);
    const bytes = await sharp(photo).resize(600).webp().toBuffer();
    const key = `many${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx.insert(images).values({ tenantId: s.owner.tenantId, key, contentType: 'image/webp', bytes }),
    );
    const got = await Promise.all(
      Array.from({ length: 6 }, () => download(app.client(), `/api/v1/images/${key}/thumb`)),
    );
    expect(got.map((g) => g.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // One making: every request got the very bytes that were kept.
    const kept = await thumbOf(s.owner.tenantId, key);
    for (const g of got) expect(g.bytes.equals(kept ?? Buffer.alloc(0))).toBe(true);
  });

  it('remembers a picture sharp cannot read: 404, and no second try', async () => {
    const s = await createQrStore(app);
    const key = `bad${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx.insert(images).values({
        tenantId: s.owner.tenantId,
        key,
        contentType: 'image/webp',
        bytes: Buffer.from('RIFF....WEBPVP8 not really a picture'),
      }),
    );
    const first = await app.client().get(`/images/${key}/thumb`);
    expect(first).toMatchObject({ status: 404, body: { code: 'image_not_found' } });
    // Remembered as an empty copy: later requests read it and answer at once.
    expect((await thumbOf(s.owner.tenantId, key))?.length).toBe(0);
    expect((await app.client().get(`/images/${key}/thumb`)).status).toBe(404);
  });

  it('answers 404 for an unknown key', async () => {
    expect(await app.client().get('/images/unknownKey123/thumb')).toMatchObject({
      status: 404,
      body: { code: 'image_not_found' },
    });
  });
});

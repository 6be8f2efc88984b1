import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../testing/test-app';
import { forSerializer, serializerCompiler } from './serialization';

const Item = z.object({
  id: z.string(),
  at: z.iso.datetime().nullable(),
  state: z.enum(['a', 'b']),
  n: z.union([z.literal(0), z.literal(1)]),
});
const Shape = z.object({
  code: z.number().int(),
  data: z.object({
    items: z.array(Item),
    owner: z.object({ name: z.string() }).nullable(),
    thing: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('card'), serial: z.number().int() }),
      z.object({ kind: z.literal('goods'), qty: z.number().int() }),
    ]),
  }),
});

describe('response serialisation', () => {
  it('writes only the fields the schema declares, at every depth', async () => {
    const app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    app.get('/x', { schema: { response: { 200: Shape } } }, async () => ({
      code: 200,
      secret: 'top',
      data: {
        items: [
          { id: 'i1', at: null, state: 'a', n: 1, passwordHash: 'h' },
          { id: 'i2', at: '2026-11-22T04:00:00.000Z', state: 'b', n: 0 },
        ],
        owner: { name: '收藏家', phone: '+85291234567' },
        thing: { kind: 'card', serial: 7, ownerId: 'usr_1' },
        internal: true,
      },
    }));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      data: {
        items: [
          { id: 'i1', at: null, state: 'a', n: 1 },
          { id: 'i2', at: '2026-11-22T04:00:00.000Z', state: 'b', n: 0 },
        ],
        owner: { name: '收藏家' },
        thing: { kind: 'card', serial: 7 },
      },
    });
    expect(res.body).not.toMatch(/secret|passwordHash|phone|ownerId|internal/);
    await app.close();
  });

  it('refuses an answer missing a required field rather than send it', async () => {
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(serializerCompiler);
    app.get('/x', { schema: { response: { 200: z.object({ id: z.string(), name: z.string() }) } } }, async () => ({
      id: 'a',
    }));
    expect((await app.inject({ method: 'GET', url: '/x' })).statusCode).toBe(500);
    await app.close();
  });

  it('writes nullable fields and unions of literals as plain types (no per-answer validation)', () => {
    expect(forSerializer(z.toJSONSchema(Item, { io: 'output', target: 'draft-7' }))).toMatchObject({
      properties: { at: { type: ['string', 'null'] }, n: { type: 'number' } },
    });
  });
});

describe("the app's answers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("leave out what a service returns beyond the route's schema", async () => {
    const { content } = t.app.services;
    const original = content.banners;
    content.banners = async () => [
      { id: 'bn_1', title: '新卡包', image: '/media/b.svg', link: '/mall', sort: 3, createdBy: 'usr_admin' } as never,
    ];
    try {
      t.app.deps.publicCache.invalidate('content');
      const res = await t.app.inject({ method: 'GET', url: '/api/banner' });
      expect(res.json()).toEqual({
        code: 200,
        msg: '',
        data: [{ id: 'bn_1', title: '新卡包', image: '/media/b.svg', link: '/mall' }],
      });
    } finally {
      content.banners = original;
      t.app.deps.publicCache.invalidate('content');
    }
  });
});

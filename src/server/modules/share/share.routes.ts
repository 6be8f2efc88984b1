import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OgImageQuerySchema } from '../../../shared/schemas/share';
import { typed } from '../../http';

/**
 * An hour, then asked again with its ETag. The pages link each version under its own address (`v`), so a changed
 * item's new picture is never hidden behind the old one in a link preview's cache.
 */
const OG_IMAGE_CACHE = 'public, max-age=3600';

/** Share previews (issue 23): the picture a shared link shows. Public: it never reads the caller. */
export async function shareRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { share } = app.services;

  r.get(
    '/og/image.jpg',
    {
      config: { cache: OG_IMAGE_CACHE },
      schema: {
        tags: ['share'],
        description: 'A share link’s preview picture: a 1200 × 630 JPEG (at most 300 KB), or the 404 envelope.',
        querystring: OgImageQuerySchema,
        produces: ['image/jpeg', 'application/json'],
        response: {
          200: z
            .custom<Buffer>((v) => Buffer.isBuffer(v))
            .meta({ type: 'string', format: 'binary' })
            .describe('image/jpeg, 1200 × 630'),
          304: z.null().describe('Not modified (If-None-Match)'),
        },
      },
    },
    async (req, res) => {
      const image = await share.image(req.query);
      res.header('ETag', image.etag);
      if (req.headers['if-none-match'] === image.etag) return res.status(304).send(null);
      return res.type('image/jpeg').send(image.jpeg);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { PerkPreviewQuerySchema, PerkPreviewSchema } from '../../../shared/schemas/perks';
import { ok, reply, requireUser, userRoutes } from '../../http';

/** Perks (decision 029): `perk/preview`, the saving a signed-in buyer's mall order would get now. */
export async function perkRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { perks } = app.services;

  r.get(
    '/perk/preview',
    { schema: { tags: ['perk'], querystring: PerkPreviewQuerySchema, response: reply(PerkPreviewSchema) } },
    async (req) => ok(await perks.preview(requireUser(req), req.query)),
  );
}

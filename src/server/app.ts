import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { serializerCompiler } from './plugins/serialization';
import type { Redis } from 'ioredis';
import type { Deps } from './deps';
import { createServices, type Services } from './services';
import { registerErrorHandling } from './plugins/errors';
import { registerInputGuards, validatorCompiler } from './plugins/validation';
import { registerCacheControl } from './plugins/cache-control';
import { registerPublicAnswers } from './plugins/public-answers';
import { helmetOptions, registerSecurityHeaders } from './plugins/security-headers';
import { livenessServerFactory } from './plugins/liveness';
import { registerHealth } from './plugins/health';
import { registerRateLimit } from './plugins/rate-limit';
import { redisTroubleLog, watchRedis } from './adapters/redis';
import { createPublicCache } from './cache/public-cache';
import { clientErrorHandler } from './plugins/client-errors';
import { authPlugin } from './plugins/auth';
import { webPlugin } from './plugins/web';
import { OneLinePerRequest } from './plugins/logging';
import { LANGUAGE_HEADER } from '../shared/constants';
import { contentRoutes } from './modules/content/content.routes';
import { adminContentRoutes } from './modules/content/content-admin.routes';
import { adminCodeRoutes } from './modules/codes/codes-admin.routes';
import { adminUploadRoutes } from './modules/uploads/uploads.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { adminCatalogueRoutes } from './modules/catalogue/catalogue-admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { collectionRoutes } from './modules/collection/collection.routes';
import { payOrderRoutes } from './modules/pay-orders/pay-orders.routes';
import { perkRoutes } from './modules/perks/perks.routes';
import { watchRoutes } from './modules/watch/watch.routes';
import { offerPublicRoutes, offerRoutes } from './modules/offers/offers.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { alertRoutes } from './modules/alerts/alerts.routes';
import type { OnNotified } from './modules/notifications/notifications.service';
import { priceRoutes } from './modules/prices/prices.routes';
import { portfolioRoutes } from './modules/portfolio/portfolio.routes';
import { paymentWebhookRoutes } from './modules/payments/payments.routes';
import { sandboxCheckoutRoutes } from './modules/payments/sandbox-checkout.routes';
import { accountRoutes } from './modules/account/account.routes';
import { addressRoutes } from './modules/addresses/addresses.routes';
import { goodsRoutes } from './modules/goods/goods.routes';
import { adminShipmentRoutes, shipmentRoutes } from './modules/shipments/shipments.routes';
import { newRequestId } from './adapters/ids';
import { requestOrigin } from './request-origin';
import { identityRoutes } from './modules/identity/identity.routes';
import { adminMarketRoutes, marketPublicRoutes, marketRoutes } from './modules/market/market.routes';
import { adminWalletRoutes, walletRoutes } from './modules/wallet/wallet.routes';
import { adminUserRoutes } from './modules/users/users.routes';
import { adminAuditRoutes } from './modules/audit/audit.routes';
import { adminDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { adminFeedbackRoutes, feedbackPublicRoutes, feedbackRoutes } from './modules/standing/standing.routes';
import { searchRoutes } from './modules/search/search.routes';
import { liveRoutes } from './modules/live/live.routes';
import { shareRoutes } from './modules/share/share.routes';
import { createStorage } from './startup';
import { localUploadsRoot } from './adapters/storage/local-storage';
import { uploadsStaticPlugin } from './plugins/uploads-static';
import { createLocalBroadcast, createRedisBroadcast } from './adapters/broadcast';
import { createCommitHooks } from './db/commit-hooks';
import type { PushSender } from './adapters/push/push';
import { adminNotificationDeliveryRoutes, pushRoutes } from './modules/notifications/push.routes';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    deps: Deps;
  }
}

export interface BuildOptions {
  /**
   * The payment provider is built once, by the caller (main.ts, the test app). `broadcast` defaults to Redis pub/sub
   * on `redis`, or in-process without; `storage` to the one STORAGE_DRIVER names.
   */
  deps: Omit<Deps, 'log' | 'broadcast' | 'publicCache' | 'storage' | 'afterCommit'> & {
    broadcast?: Deps['broadcast'];
    storage?: Deps['storage'];
  };
  /**
   * Shared rate-limit counters and invalidations of several instances. Made with adapters/redis.ts's options
   * (lazyConnect: buildApp attaches its handlers, then connects it), so no request waits on it.
   */
  redis?: Redis;
  /** Key prefix of the shared rate-limit counters. */
  rateLimitNamespace?: string;
  /** Prefix of the broadcast's Redis channels (tests keep theirs apart). */
  broadcastNamespace?: string;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; unset to serve the API only. */
  webRoot?: string;
  /** Folder served at /uploads/ with STORAGE_DRIVER=local; DATA_DIR/uploads unless set (tests). */
  uploadsRoot?: string;
  /** Called when the app closes (the database, Redis). */
  onClose?: () => Promise<void>;
  /** Sees every route as it is registered: the machine checks (src/server/checks) list them all. */
  onRoute?: (route: RouteOptions) => void;
  /** Told after the commit of each notification (the live stream plugs in here); nothing by default. */
  onNotified?: OnNotified;
  /** The Web Push sender; by default web-push with VAPID keys from APP_SECRET (startup.ts, decision 038). */
  push?: PushSender;
}

// main.ts and the benchmarks configure Fastify's logger with it.
export { loggerOptions } from './plugins/logging';

/** Builds the whole application: plugins first, then the API, then the web app. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Liveness probes are answered by the HTTP server itself, before Fastify (plugins/liveness.ts).
    serverFactory: livenessServerFactory(),
    logger: opts.logger ?? false,
    bodyLimit: 256 * 1024,
    trustProxy: opts.deps.config.TRUST_PROXY,
    genReqId: newRequestId,
    logController: new OneLinePerRequest(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // Requests Node refuses itself (headers or URL over its 16 KB limit…) still get the envelope.
    clientErrorHandler,
  });
  // Redis trouble is logged once per kind and interval, never by ioredis itself (an unhandled 'error' event).
  const redisTrouble = redisTroubleLog(app.log);
  if (opts.redis) watchRedis(opts.redis, 'commands', app.log, redisTrouble);
  const onBroadcastError = (err: unknown) => redisTrouble('broadcast message not delivered to other instances', err);
  const broadcast =
    opts.deps.broadcast ??
    (opts.redis
      ? createRedisBroadcast(opts.redis, {
          namespace: opts.broadcastNamespace,
          onError: onBroadcastError,
          watch: (sub) => watchRedis(sub, 'subscriber', app.log, redisTrouble),
        })
      : createLocalBroadcast({ onError: onBroadcastError }));
  if (!opts.deps.broadcast) app.addHook('onClose', async () => broadcast.close());
  // Subscriptions are confirmed before the first request, so no invalidation is missed after start.
  app.addHook('onReady', async () => broadcast.ready());
  // Transactions report their commits, so invalidations made inside them (sessions, public answers) land after it.
  const commitHooks = createCommitHooks({ onError: (err) => app.log.error({ err }, 'after-commit work failed') });
  const db = commitHooks.track(opts.deps.db);
  const publicCache = createPublicCache({
    clock: opts.deps.clock,
    broadcast,
    ttlMs: opts.deps.config.PUBLIC_CACHE_TTL_MS,
    onError: (err) => app.log.warn({ err }, 'public cache: answering without it'),
    afterCommit: commitHooks.afterCommit,
  });
  const deps: Deps = {
    ...opts.deps,
    db,
    publicCache,
    broadcast,
    afterCommit: commitHooks.afterCommit,
    storage: opts.deps.storage ?? createStorage(opts.deps.config),
    log: app.log,
  };
  app.decorate('deps', deps);
  const services = createServices(deps, { onNotified: opts.onNotified, push: opts.push });
  app.decorate('services', services);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  registerErrorHandling(app);
  registerInputGuards(app);
  registerCacheControl(app);
  registerPublicAnswers(app, publicCache);

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    done(null, payload);
  });

  // Uploaded images come from the S3 public URL when STORAGE_DRIVER=s3.
  const { STORAGE_DRIVER, S3_PUBLIC_URL } = opts.deps.config;
  registerSecurityHeaders(
    app,
    helmetOptions(STORAGE_DRIVER === 's3' && S3_PUBLIC_URL ? [new URL(S3_PUBLIC_URL).origin] : []),
  );

  await registerRateLimit(app, {
    max: opts.deps.config.RATE_LIMIT_PER_MINUTE,
    redis: opts.redis,
    namespace: opts.rateLimitNamespace ?? 'trove-rl-',
    onError: (err) => redisTrouble('rate limit counted locally (the shared counter did not answer)', err),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Trove 寶庫 API',
        version: '1.0.0',
        description: 'Every answer is the envelope {code, msg, data}.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(authPlugin, { authenticate: (token) => services.auth.authenticate(token) });

  const redis = opts.redis;
  registerHealth(app, { db: deps.db, redisUp: redis && (() => redis.status === 'ready' && broadcast.live()) });

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(contentRoutes);
      await api.register(payOrderRoutes);
      await api.register(perkRoutes);
      await api.register(watchRoutes);
      await api.register(offerRoutes);
      await api.register(offerPublicRoutes);
      await api.register(notificationRoutes);
      await api.register(alertRoutes);
      await api.register(pushRoutes);
      await api.register(paymentWebhookRoutes);
      await api.register(catalogueRoutes);
      await api.register(searchRoutes);
      await api.register(liveRoutes);
      await api.register(shareRoutes);
      await api.register(authRoutes);
      await api.register(collectionRoutes);
      await api.register(identityRoutes);
      await api.register(walletRoutes);
      await api.register(adminWalletRoutes);
      await api.register(marketPublicRoutes);
      await api.register(priceRoutes);
      await api.register(portfolioRoutes);
      await api.register(marketRoutes);
      await api.register(feedbackPublicRoutes);
      await api.register(feedbackRoutes);
      await api.register(adminFeedbackRoutes);
      await api.register(accountRoutes);
      await api.register(addressRoutes);
      await api.register(goodsRoutes);
      await api.register(shipmentRoutes);
      await api.register(adminShipmentRoutes);
      await api.register(adminUserRoutes);
      await api.register(adminMarketRoutes);
      await api.register(adminAuditRoutes);
      await api.register(adminDashboardRoutes);
      await api.register(adminCatalogueRoutes);
      await api.register(adminContentRoutes);
      await api.register(adminCodeRoutes);
      await api.register(adminUploadRoutes);
      await api.register(adminNotificationDeliveryRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(sandboxCheckoutRoutes);

  if (opts.deps.config.STORAGE_DRIVER === 'local')
    await app.register(uploadsStaticPlugin, { root: opts.uploadsRoot ?? localUploadsRoot(opts.deps.config.DATA_DIR) });

  await app.register(webPlugin, {
    root: opts.webRoot ?? '',
    production: opts.deps.config.NODE_ENV === 'production',
    homeImage: async () => (await services.content.banners())[0]?.image ?? null,
    origin: (request) => requestOrigin(opts.deps.config, request),
    // A page's first public answers, through the whole API (rate limit, checks, public cache) as the visitor.
    publicAnswer: async (url, request) => {
      const res = await app.inject({
        method: 'GET',
        url,
        remoteAddress: request.ip,
        headers: { accept: 'application/json', 'accept-language': LANGUAGE_HEADER, lang: LANGUAGE_HEADER },
      });
      return res.statusCode === 200 ? res.body : null;
    },
  });

  if (opts.onClose) app.addHook('onClose', async () => opts.onClose!());
  return app;
}

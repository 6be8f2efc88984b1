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
import { registerRequestMetrics } from './plugins/request-metrics';
import { createMetrics } from './adapters/metrics';
import { apiRoutes } from './api-routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { registerRateLimit } from './plugins/rate-limit';
import { redisTroubleLog, watchRedis } from './adapters/redis';
import { guardRedis, redisReadiness, registerBreakerMetrics } from './adapters/redis-breaker';
import { createPublicCache } from './cache/public-cache';
import { clientErrorHandler } from './plugins/client-errors';
import { authPlugin } from './plugins/auth';
import { webPlugin } from './plugins/web';
import { OneLinePerRequest } from './plugins/logging';
import { LANGUAGE_HEADER } from '../shared/constants';
import type { OnNotified } from './modules/notifications/notifications.service';
import { sandboxCheckoutRoutes } from './modules/payments/sandbox-checkout.routes';
import { newRequestId } from './adapters/ids';
import { requestOrigin } from './request-origin';
import { createStorage } from './startup';
import { localUploadsRoot } from './adapters/storage/local-storage';
import { uploadsStaticPlugin } from './plugins/uploads-static';
import { createLocalBroadcast, createRedisBroadcast } from './adapters/broadcast';
import { createCommitHooks } from './db/commit-hooks';
import { createRedisQueueCopy } from './modules/queue/redis-queue-store';
import type { PushSender } from './adapters/push/push';

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
  deps: Omit<Deps, 'log' | 'broadcast' | 'publicCache' | 'storage' | 'afterCommit' | 'metrics'> & {
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
  /**
   * The broadcast's heartbeat (HEARTBEAT_MS unless set): a test that checks what an instance keeps between two requests
   * sets a long one, so a busy machine's stalled event loop is not taken for a lost subscription (which empties it).
   */
  broadcastHeartbeatMs?: number;
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
  // Once Redis stops answering, it is not asked until it answers again (decision 052).
  const breaker = opts.redis && guardRedis(opts.redis, { trouble: redisTrouble, log: app.log });
  const onBroadcastError = (err: unknown) => redisTrouble('broadcast message not delivered to other instances', err);
  const broadcast =
    opts.deps.broadcast ??
    (opts.redis
      ? createRedisBroadcast(opts.redis, {
          namespace: opts.broadcastNamespace,
          heartbeatMs: opts.broadcastHeartbeatMs,
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
  // One registry per app; Node's own figures (event loop, heap) outside tests, which build many apps in one process.
  const metrics = createMetrics({
    defaults: opts.deps.config.NODE_ENV !== 'test',
    onError: (collector, err) => app.log.warn({ err, collector }, 'metrics: a gauge could not be read'),
  });
  if (breaker) registerBreakerMetrics(metrics, breaker);
  const deps: Deps = {
    ...opts.deps,
    metrics,
    db,
    publicCache,
    broadcast,
    afterCommit: commitHooks.afterCommit,
    storage: opts.deps.storage ?? createStorage(opts.deps.config),
    log: app.log,
  };
  app.decorate('deps', deps);
  const services = createServices(deps, {
    onNotified: opts.onNotified,
    push: opts.push,
    // The waiting room's fast copy: in Redis when instances share one, in the process otherwise (decisions 044, 051).
    queueCopy: opts.redis
      ? createRedisQueueCopy(opts.redis, `${opts.broadcastNamespace ?? 'trove:'}queue:`)
      : undefined,
  });
  app.decorate('services', services);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  registerErrorHandling(app);
  // One histogram observation per answered request, by route pattern (decision 045).
  registerRequestMetrics(app, { observe: metrics.observeRequest });
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

  registerHealth(app, { db: deps.db, redis: breaker && (() => redisReadiness(breaker, broadcast.live())) });

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(apiRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(sandboxCheckoutRoutes);
  await app.register(metricsRoutes);

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

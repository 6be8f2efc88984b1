import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { serializerCompiler } from './plugins/serialization';
import type { Redis } from 'ioredis';
import type { Deps } from './deps';
import { pingDatabase } from './db/ping';
import { createServices, type Services } from './services';
import { registerErrorHandling } from './plugins/errors';
import { registerInputGuards, validatorCompiler } from './plugins/validation';
import { registerCacheControl } from './plugins/cache-control';
import { registerPublicAnswers } from './plugins/public-answers';
import { helmetOptions, registerSecurityHeaders } from './plugins/security-headers';
import { LIVE_BODY, livenessServerFactory } from './plugins/liveness';
import { createPublicCache } from './cache/public-cache';
import { clientErrorHandler } from './plugins/client-errors';
import { authPlugin } from './plugins/auth';
import { webPlugin } from './plugins/web';
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
import { paymentWebhookRoutes } from './modules/payments/payments.routes';
import { sandboxCheckoutRoutes } from './modules/payments/sandbox-checkout.routes';
import { accountRoutes } from './modules/account/account.routes';
import { addressRoutes } from './modules/addresses/addresses.routes';
import { goodsRoutes } from './modules/goods/goods.routes';
import { adminShipmentRoutes, shipmentRoutes } from './modules/shipments/shipments.routes';
import { newRequestId } from './adapters/ids';
import { AppError } from './errors';
import { identityRoutes } from './modules/identity/identity.routes';
import { adminMarketRoutes, marketPublicRoutes, marketRoutes } from './modules/market/market.routes';
import { adminWalletRoutes, walletRoutes } from './modules/wallet/wallet.routes';
import { adminUserRoutes } from './modules/users/users.routes';
import { adminAuditRoutes } from './modules/audit/audit.routes';
import { adminDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createPaymentProvider } from './adapters/payments/create-payments';
import { createSandboxBank } from './modules/payments/sandbox-bank.repository';
import { createStorage } from './adapters/storage/create-storage';
import { localUploadsRoot } from './adapters/storage/local-storage';
import { uploadsStaticPlugin } from './plugins/uploads-static';
import { createLocalBroadcast, createRedisBroadcast } from './adapters/broadcast';
import { createCommitHooks } from './db/commit-hooks';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    deps: Deps;
  }
}

export interface BuildOptions {
  /**
   * `payments` defaults to the provider the configuration names; `broadcast` to Redis pub/sub on `redis`, or
   * in-process without; `storage` to the one STORAGE_DRIVER names.
   */
  deps: Omit<Deps, 'log' | 'payments' | 'broadcast' | 'publicCache' | 'storage' | 'afterCommit'> & {
    payments?: Deps['payments'];
    broadcast?: Deps['broadcast'];
    storage?: Deps['storage'];
  };
  /** Shared rate-limit counters and public-cache invalidations of several instances. */
  redis?: Redis;
  /** Redis channel of the public cache's invalidations (instances of one deployment share it). */
  publicCacheChannel?: string;
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
}

/** Strips secrets from URLs before they reach the log (one-tap login tokens, codes, phones). */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|smsCode|phone)=)[^&#]*/gi, '$1[redacted]');
}

const QUERY_PARAMS = /\nparams: [^\n]*/g;

/**
 * Errors for the log: type, message, stack, code and cause. Query errors quote their parameters
 * (phone numbers, hashes) in the message and stack; the SQL is kept, the values are not.
 */
export function serializeError(
  err: unknown,
  depth = 0,
): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const e = err as Error & { code?: unknown; statusCode?: unknown; query?: unknown };
  const clean = (text: string | undefined) => (text ?? '').replace(QUERY_PARAMS, '\nparams: [redacted]');
  const out: ReturnType<typeof serializeError> = { type: e.name, message: clean(e.message), stack: clean(e.stack) };
  if (e.code !== undefined) out.code = e.code;
  if (e.statusCode !== undefined) out.statusCode = e.statusCode;
  if (typeof e.query === 'string') out.query = e.query;
  if (e.cause !== undefined && depth < 4) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Structured logs whose request entries carry method, redacted URL and request id only. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        id: req.id,
      }),
      err: (err: Error) => serializeError(err),
    },
  };
}

const PROBES = new Set(['/healthz', '/readyz']);

/**
 * One log line per request, when it is answered (method, redacted URL, id, status, time), instead of
 * Fastify's two; none for the health probes (every few seconds, all alike).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (PROBES.has(request.url)) return;
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

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
  const publicCache = createPublicCache({
    clock: opts.deps.clock,
    redis: opts.redis,
    channel: opts.publicCacheChannel,
    onError: (err) => app.log.warn({ err }, 'public cache: answering without it'),
  });
  await publicCache.start();
  app.addHook('onClose', () => publicCache.close());
  // Transactions report their commits to the cache, so invalidations made inside them land after the commit.
  const commitHooks = createCommitHooks({ onError: (err) => app.log.error({ err }, 'after-commit work failed') });
  const db = commitHooks.track(publicCache.trackCommits(opts.deps.db));
  const onBroadcastError = (err: unknown) =>
    app.log.warn({ err }, 'broadcast message not delivered to other instances');
  const broadcast =
    opts.deps.broadcast ??
    (opts.redis
      ? createRedisBroadcast(opts.redis, { namespace: opts.broadcastNamespace, onError: onBroadcastError })
      : createLocalBroadcast({ onError: onBroadcastError }));
  if (!opts.deps.broadcast) app.addHook('onClose', async () => broadcast.close());
  // Subscriptions are confirmed before the first request, so no invalidation is missed after start.
  app.addHook('onReady', async () => broadcast.ready());
  const deps: Deps = {
    ...opts.deps,
    db,
    publicCache,
    broadcast,
    afterCommit: commitHooks.afterCommit,
    payments:
      opts.deps.payments ??
      createPaymentProvider(opts.deps.config, createSandboxBank(db), opts.deps.clock, opts.deps.keys),
    storage: opts.deps.storage ?? createStorage(opts.deps.config),
    log: app.log,
  };
  app.decorate('deps', deps);
  app.decorate('services', createServices(deps));
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

  await app.register(rateLimit, {
    global: true,
    max: opts.deps.config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    redis: opts.redis,
    nameSpace: opts.rateLimitNamespace ?? 'trove-rl-',
    skipOnError: true,
    // The API and the sandbox checkout pages (which pay orders); the web app's static files are not counted.
    allowList: (request) => !(request.url.startsWith('/api/') || request.url.startsWith('/pay/')),
    errorResponseBuilder: () => ({ statusCode: 429, code: 429, msg: '操作過於頻繁，請稍後再試', data: null }),
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

  await app.register(authPlugin);

  // Liveness: the process answers (no database, so a slow database never gets a live server restarted). A plain
  // `GET /healthz` never gets here: the HTTP server answers it before Fastify (plugins/liveness.ts); this route
  // answers the same to app.inject and to a probe that adds a query string.
  app.get('/healthz', { schema: { hide: true } }, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(LIVE_BODY);
  });
  // Readiness: the database answers too (load balancers send traffic only then).
  app.get('/readyz', { schema: { hide: true } }, async (request) => {
    try {
      await pingDatabase(deps.db);
    } catch (err) {
      request.log.error({ err }, 'readiness: the database does not answer');
      throw new AppError('unavailable', '服務暫時無法使用，請稍後再試');
    }
    return { code: 200, msg: '', data: { status: 'ok' } };
  });

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(contentRoutes);
      await api.register(payOrderRoutes);
      await api.register(paymentWebhookRoutes);
      await api.register(catalogueRoutes);
      await api.register(authRoutes);
      await api.register(collectionRoutes);
      await api.register(identityRoutes);
      await api.register(walletRoutes);
      await api.register(adminWalletRoutes);
      await api.register(marketPublicRoutes);
      await api.register(marketRoutes);
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
    },
    { prefix: '/api' },
  );

  await app.register(sandboxCheckoutRoutes);

  if (opts.deps.config.STORAGE_DRIVER === 'local')
    await app.register(uploadsStaticPlugin, { root: opts.uploadsRoot ?? localUploadsRoot(opts.deps.config.DATA_DIR) });

  await app.register(webPlugin, {
    root: opts.webRoot ?? '',
    production: opts.deps.config.NODE_ENV === 'production',
    homeImage: async () => (await app.services.content.banners())[0]?.image ?? null,
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

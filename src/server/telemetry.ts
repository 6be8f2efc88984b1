/**
 * Tracing (docs/decisions/054-traces.md), loaded before the app: `node --import ./dist/server/telemetry.js
 * dist/server/main.js` (or `--import ./src/server/telemetry.ts` under tsx). The server is ESM, whose imports are all
 * loaded before main.ts runs a line, so the hooks that patch pg, ioredis and pino must be in place first, from a
 * module of their own. With OTEL_EXPORTER_OTLP_ENDPOINT unset it reads its two settings and loads nothing else.
 */
import { exitOnConfigError, loadTelemetryConfig, type TelemetryConfig } from './config';
import { SECRET_QUERY_PARAMS } from './secret-params';

/** Probes and scrapes: every few seconds on every instance, all alike, and no part of a purchase. */
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

function untraced(url: string | undefined): boolean {
  return UNTRACED.has((url ?? '').split('?', 1)[0]!);
}

async function startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME }: TelemetryConfig) {
  // import-in-the-middle wraps, as they load, only the modules an instrumentation below asks for.
  const { register } = await import('node:module');
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const [sdk, resources, conventions, otlp, base, http, pg, ioredis, pino, fastify] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/instrumentation-pino'),
    import('@fastify/otel'),
  ]);
  const provider = new sdk.NodeTracerProvider({
    resource: resources.resourceFromAttributes({ [conventions.ATTR_SERVICE_NAME]: OTEL_SERVICE_NAME }),
    // Batched (OTEL_BSP_* tune it): a request never waits on the collector.
    spanProcessors: [
      new sdk.BatchSpanProcessor(new otlp.OTLPTraceExporter({ url: `${endpoint!.replace(/\/$/, '')}/v1/traces` })),
    ],
  });
  provider.register();
  base.registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // /healthz is answered by the HTTP server before Fastify (plugins/liveness.ts), so it is left out here too.
      new http.HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => untraced(req.url),
        redactedQueryParamsServer: SECRET_QUERY_PARAMS,
      }),
      // Registers itself on each Fastify instance as it is created: the request's and its handler's spans under the
      // HTTP one. No span per hook (6 more per request, for hooks of a few ms: docs/decisions/054-traces.md); a
      // route's `config.otel.instrumentHooks` turns them on where needed.
      new fastify.FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        ignorePaths: ({ url }) => untraced(url),
        // It writes the whole URL as `url.path`; the query, secrets redacted, is on the HTTP span.
        requestHook: (span, request) => span.setAttribute('url.path', request.url.split('?', 1)[0]!),
      }),
      // Only queries under a request or a job: a pool's idle connects and pings alone are no trace.
      new pg.PgInstrumentation({ requireParentSpan: true }),
      new ioredis.IORedisInstrumentation({ requireParentSpan: true }),
      // trace_id and span_id on each log line written inside a span; the lines stay on stdout only.
      new pino.PinoInstrumentation({ disableLogSending: true }),
    ],
  });
  await waitForAllMessagesAcknowledged();

  // The batch not yet sent goes out before the server's own shutdown (main.ts) ends the process.
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => void provider.forceFlush().catch(() => undefined));
}

const settings = exitOnConfigError(() => loadTelemetryConfig());
if (settings.OTEL_EXPORTER_OTLP_ENDPOINT) await startTracing(settings);

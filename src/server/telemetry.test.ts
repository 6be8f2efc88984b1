import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadTelemetryConfig } from './config';

/** Loaded after the preload: how many CommonJS modules of OpenTelemetry (or its hooks) the process holds. */
const COUNT_OTEL = `
import { createRequire } from 'node:module';
const loaded = Object.keys(createRequire(import.meta.url).cache);
console.log(loaded.filter((k) => /@opentelemetry|in-the-middle|@fastify[\\\\/]otel/.test(k)).length);`;

/** Runs COUNT_OTEL after tracing's preload, as `npm start` loads it, with `env` over this process's. */
function preload(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = ['--import', 'tsx', '--import', './src/server/telemetry.ts', '--input-type=module', '-e', COUNT_OTEL];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { env: { ...process.env, ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('tracing settings', () => {
  it('are off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (empty is unset, as OpenTelemetry reads it), as trove', () => {
    expect(loadTelemetryConfig({})).toEqual({ OTEL_SERVICE_NAME: 'trove' });
    expect(loadTelemetryConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toEqual({ OTEL_SERVICE_NAME: 'trove' });
    expect(
      loadTelemetryConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SERVICE_NAME: 'trove-b' }),
    ).toEqual({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SERVICE_NAME: 'trove-b' });
  });

  it('refuse an endpoint that is not an http(s) URL, naming the variable', () => {
    for (const bad of ['collector:4318', 'grpc://collector:4317'])
      expect(() => loadTelemetryConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: bad })).toThrow(
        expect.objectContaining({
          constructor: ConfigError,
          message: expect.stringContaining('OTEL_EXPORTER_OTLP_ENDPOINT'),
        }),
      );
  });
});

describe("tracing's preload (src/server/telemetry.ts)", () => {
  it('loads no OpenTelemetry module when off, and the SDK with its hooks when on', async () => {
    const [off, on] = await Promise.all([
      preload({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }),
      preload({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }),
    ]);
    expect(off).toMatchObject({ code: 0, stdout: '0\n' });
    expect(on.code).toBe(0);
    expect(Number(on.stdout)).toBeGreaterThan(0);
  });

  it('ends the process before the server starts when a setting is wrong, naming it', async () => {
    const bad = await preload({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('OTEL_EXPORTER_OTLP_ENDPOINT');
    expect(bad.stdout).toBe('');
  });
});

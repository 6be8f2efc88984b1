import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { requestOrigin } from './request-origin';

/** A request with this Host on a server listening on `port` (null: not listening, as under inject). */
const request = (host: string | undefined, port: number | null = null) =>
  ({
    headers: host === undefined ? {} : { host },
    server: { server: { address: () => (port === null ? null : { port, address: '0.0.0.0', family: 'IPv4' }) } },
  }) as unknown as FastifyRequest;

describe('requestOrigin', () => {
  const byDefault = loadConfig({ NODE_ENV: 'test', PORT: '3000' });

  it.each([
    ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['localhost:3000', 'http://localhost:3000'],
    ['LOCALHOST:3000', 'http://localhost:3000'],
    ['[::1]:3000', 'http://[::1]:3000'],
  ])('answers the origin of a Host the server listens for (%s)', (host, origin) => {
    expect(requestOrigin(byDefault, request(host))).toBe(origin);
  });

  it.each([undefined, '', 'evil.example', 'evil.example:3000', '127.0.0.1:3001', '127.0.0.1', 'a@127.0.0.1:3000'])(
    'answers the default for any other Host (%s)',
    (host) => {
      expect(requestOrigin(byDefault, request(host))).toBe('http://localhost:3000');
    },
  );

  it('takes the port the server actually listens on (port 0) and its configured HOST', () => {
    const anyPort = loadConfig({ NODE_ENV: 'test', PORT: '0' });
    expect(requestOrigin(anyPort, request('127.0.0.1:41234', 41234))).toBe('http://127.0.0.1:41234');
    expect(requestOrigin(anyPort, request('127.0.0.1:41235', 41234))).toBe('http://localhost:0');
    const lan = loadConfig({ NODE_ENV: 'test', HOST: '192.168.1.5', PORT: '3000' });
    expect(requestOrigin(lan, request('192.168.1.5:3000'))).toBe('http://192.168.1.5:3000');
    expect(requestOrigin(lan, request('192.168.1.6:3000'))).toBe('http://localhost:3000');
  });

  it('always answers PUBLIC_URL when it is set', () => {
    const set = loadConfig({ NODE_ENV: 'test', PORT: '3000', PUBLIC_URL: 'https://trove.example.hk/' });
    expect(requestOrigin(set, request('127.0.0.1:3000'))).toBe('https://trove.example.hk');
  });
});

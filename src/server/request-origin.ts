import type { FastifyRequest } from 'fastify';
import type { Config } from './config';

/** Hosts that always reach a server listening on every address, or on the loopback. */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '']);

/**
 * The origin links sent back to this visitor start with (payment return and checkout addresses). PUBLIC_URL when it
 * is set; otherwise the request's own origin, so a buyer who opened the app as http://127.0.0.1:3000 comes back to
 * that origin (and its sign-in) rather than to http://localhost:3000, but only for a Host this server itself listens
 * for (the loopback names or its configured HOST, with its port): any other Host gets the default.
 */
export function requestOrigin(
  config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT' | 'publicUrl'>,
  request: FastifyRequest,
): string {
  if (config.PUBLIC_URL) return config.publicUrl;
  const host = request.headers.host?.toLowerCase();
  const match = host ? /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(host) : null;
  if (!match) return config.publicUrl;
  const [, name, port = '80'] = match;
  const names = ANY_ADDRESS.has(config.HOST) ? LOOPBACK : [...LOOPBACK, config.HOST.toLowerCase()];
  // The configured port, or the one the server got when asked for any (port 0: the tests).
  const listening = request.server.server.address();
  const ports = [config.PORT, typeof listening === 'object' && listening ? listening.port : null];
  if (!names.includes(name!) || !ports.includes(Number(port))) return config.publicUrl;
  return `http://${host}`;
}

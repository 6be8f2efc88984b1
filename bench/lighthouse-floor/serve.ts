/**
 * The floor pages' server for `bench:lighthouse`, a process of its own: a bare Fastify (no logging) sending the floor
 * build's files as the app's server sends its own (precompressed, `preCompressed`), and index.html for any other path.
 *
 *   tsx bench/lighthouse-floor/serve.ts <build folder> <port>
 */
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const [root, port] = process.argv.slice(2);
if (!root || !port) throw new Error('usage: serve.ts <build folder> <port>');
const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root, preCompressed: true });
app.setNotFoundHandler((_req, reply) => reply.sendFile('index.html'));
await app.listen({ port: Number(port), host: '127.0.0.1' });

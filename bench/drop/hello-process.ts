/** A bare Fastify hello-world in a process of its own, no logging: `bench:drop -- --queue`'s baseline. */
import { listenHello } from '../bench-kit';

const port = Number(process.env.HELLO_PORT);
void listenHello(port).then(() => process.send?.('ready'));

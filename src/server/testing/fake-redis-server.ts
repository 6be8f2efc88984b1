import net, { type AddressInfo } from 'node:net';

/** Splits complete RESP arrays of bulk strings (what a client sends) off `buf`; answers them and the rest. */
function parseCommands(buf: string): { commands: string[][]; rest: string } {
  const commands: string[][] = [];
  let at = 0;
  for (;;) {
    const head = buf.indexOf('\r\n', at);
    if (buf[at] !== '*' || head < 0) break;
    const n = Number(buf.slice(at + 1, head));
    let p = head + 2;
    const args: string[] = [];
    for (let i = 0; i < n; i++) {
      const lenEnd = buf.indexOf('\r\n', p);
      if (lenEnd < 0) return { commands, rest: buf.slice(at) };
      const len = Number(buf.slice(p + 1, lenEnd));
      if (buf.length < lenEnd + 2 + len + 2) return { commands, rest: buf.slice(at) };
      args.push(buf.slice(lenEnd + 2, lenEnd + 2 + len));
      p = lenEnd + 2 + len + 2;
    }
    commands.push(args);
    at = p;
  }
  return { commands, rest: buf.slice(at) };
}

const INFO = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';

const replyTo = (name: string) =>
  name === 'ping'
    ? '+PONG\r\n'
    : name === 'info'
      ? `$${Buffer.byteLength(INFO)}\r\n${INFO}\r\n`
      : name === 'publish'
        ? ':0\r\n'
        : name === 'get'
          ? '$-1\r\n'
          : '+OK\r\n';

/**
 * A stand-in Redis for the breaker's tests, in the process: answers PING, INFO, GET (nothing), PUBLISH and anything
 * else OK, and records each command's name. `hang()` keeps reading but answers nothing, as a Redis stopped with
 * SIGSTOP whose kernel still takes the bytes; `resume()` answers everything held, in order.
 */
export async function startFakeRedis() {
  const received: string[] = [];
  const held: { socket: net.Socket; reply: string }[] = [];
  let hung = false;
  const server = net.createServer((socket) => {
    let buf = '';
    socket.setEncoding('ascii');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      const { commands, rest } = parseCommands(buf + chunk);
      buf = rest;
      for (const args of commands) {
        const name = (args[0] ?? '').toLowerCase();
        received.push(name);
        if (hung) held.push({ socket, reply: replyTo(name) });
        else socket.write(replyTo(name));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    /** The names of the commands received so far, in order. */
    received,
    hang() {
      hung = true;
    },
    resume() {
      hung = false;
      for (const h of held.splice(0)) h.socket.write(h.reply);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

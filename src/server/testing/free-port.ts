import net, { type AddressInfo } from 'node:net';

/** A TCP port free on 127.0.0.1 right now, for a server process a test or a benchmark starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

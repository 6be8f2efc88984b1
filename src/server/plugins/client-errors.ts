import http from 'node:http';
import type { Socket } from 'node:net';

/** zh-HK answers for requests Node refuses before Fastify sees them (they never reach the error mapper). */
const CLIENT_ERRORS: Record<string, [status: number, msg: string]> = {
  HPE_HEADER_OVERFLOW: [431, '請求的標頭或網址過長'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, '請求逾時，請重試'],
};

/**
 * Fastify's `clientErrorHandler`: writes the envelope as a whole HTTP response on the raw socket
 * (headers or URL over Node's limit, a malformed request line, a request that timed out), then closes it.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has no one to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, msg] = CLIENT_ERRORS[err.code ?? ''] ?? [400, '請求格式錯誤'];
  const body = Buffer.from(JSON.stringify({ code: status, msg, data: null }), 'utf8');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${body.length}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n',
    );
    socket.write(body);
  }
  socket.destroy(err);
}

import type { FastifyInstance } from 'fastify';

/** One part of a multipart/form-data body: a field, or a file with its name and type. */
export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body with the given parts, and its Content-Type header, for `app.inject`. */
export function multipartForm(parts: FormPart[]) {
  const boundary = `----trove${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs `parts` as a form to `url`, with the bearer token when there is one. */
export function postForm(app: FastifyInstance, url: string, parts: FormPart[], token: string | null) {
  const f = multipartForm(parts);
  return app.inject({
    method: 'POST',
    url,
    payload: f.payload,
    headers: { ...f.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

import { describe, expect, it } from 'vitest';
import { judge } from './fuzz/judge';
import type { FuzzRequest } from './fuzz/requests';
import { contractProblems, type RegisteredRoute } from './routes';

/** The machine checks' own rules, so a check that stops checking is noticed. */
describe('machine check rules', () => {
  const req = (auth: FuzzRequest['auth'], extra: Partial<FuzzRequest> = {}): FuzzRequest => ({
    auth,
    query: '',
    headers: {},
    kinds: [],
    ...extra,
  });
  const json = (status: number, body: unknown) => ({
    status,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(body),
  });

  it('judges answers by the envelope contract', () => {
    expect(judge(req('valid'), json(200, { code: 200, msg: '', data: [] }))).toBeNull();
    expect(judge(req('none'), json(403, { code: 403, msg: '請先登入', data: null }))).toBeNull();
    expect(judge(req('valid'), json(403, { code: 403, msg: '請先登入', data: null }))).toMatch(/valid session/);
    expect(judge(req('none'), json(500, { code: 500, msg: '系統繁忙', data: null }))).toMatch(/500/);
    expect(judge(req('none'), json(400, { code: 422, msg: 'x', data: null }))).toMatch(/code 422/);
    expect(judge(req('none'), json(400, { statusCode: 400, error: 'Bad Request' }))).toMatch(/keys/);
    expect(judge(req('none'), { status: 431, contentType: undefined, body: '' })).toMatch(/not JSON/);
    expect(judge(req('none'), json(404, { code: 404, msg: '', data: null }))).toMatch(/empty msg/);
    // A picture route: its 200 is the JPEG, anything else still the envelope; other routes never answer a picture.
    const jpeg = { status: 200, contentType: 'image/jpeg', body: '\xff\xd8' };
    expect(judge(req('none'), jpeg, true)).toBeNull();
    expect(judge(req('none'), jpeg)).toMatch(/not JSON/);
    expect(judge(req('none'), { ...jpeg, contentType: 'text/html' }, true)).toMatch(/text\/html/);
    expect(judge(req('none'), json(404, { code: 404, msg: '', data: null }), true)).toMatch(/empty msg/);
    expect(
      judge(req('none'), json(400, { code: 400, msg: 'Invalid option: expected one of "公告"', data: null })),
    ).toMatch(/English/);
  });

  it('fails a route under /api that is missing from the document or has no schema', () => {
    const route = (
      method: string,
      url: string,
      schema: RegisteredRoute['schema'],
      handlerSource = '',
    ): RegisteredRoute => ({ method, url, id: `${method} ${url}`, schema, handlerSource });
    const doc = { paths: { '/api/ok': { post: {} }, '/api/undocumented-schema': { get: {} } } };
    const problems = contractProblems(
      [
        route('POST', '/api/ok', { body: {}, response: {} }),
        route('POST', '/api/hidden', { body: {}, response: {}, hide: true }),
        route('GET', '/api/undocumented-schema', {}, 'async (req) => ok(await s.list(req.query))'),
        route('GET', '/healthz', {}),
      ],
      doc,
    );
    expect(problems.filter((p) => !p.includes('CONTRACT_EXEMPTIONS'))).toEqual([
      'POST /api/hidden is not in /api/openapi.json',
      'GET /api/undocumented-schema has no response schema',
      'GET /api/undocumented-schema reads the query string but has no querystring schema',
    ]);
  });
});

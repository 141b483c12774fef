import { NextRequest } from 'next/server';
import { STATIC_SECURITY_HEADERS } from '@/lib/platform/pages/security-headers';

/** A secret as `openssl rand -hex 32` makes one: production refuses anything weaker. */
const PRODUCTION_SECRET = '78c73a00eab3dd1730f4d7681e3ddef703b072229cddf5b781afa6c3ea9e8bc3';

describe('proxy, when answering fails', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    jest.resetModules();
  });

  async function answerWith(environment: Record<string, string | undefined>): Promise<Response> {
    process.env = { ...saved, ...environment } as NodeJS.ProcessEnv;
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const { proxy } = await import('@/proxy');
      return await proxy(new NextRequest('https://web.example.com/en', { headers: { host: 'web.example.com' } }));
    } finally {
      stderr.mockRestore();
    }
  }

  it('answers 500 with every security header, even when the settings themselves cannot be read', async () => {
    const response = await answerWith({ APP_DOMAINS: '', NODE_ENV: 'production', BACKEND_URL: 'https://api.example.com', SESSION_SECRET: PRODUCTION_SECRET });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
  });

  it('answers the page as usual with valid settings (the control)', async () => {
    const response = await answerWith({ APP_DOMAINS: 'example.com', NODE_ENV: 'production', BACKEND_URL: 'https://api.example.com', SESSION_SECRET: PRODUCTION_SECRET });
    expect(response.status).toBe(200);
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
  });

  it('writes one JSON line on stderr that says what failed, without the settings\' values', async () => {
    process.env = { ...saved, APP_DOMAINS: '', NODE_ENV: 'production', BACKEND_URL: 'https://api.example.com', SESSION_SECRET: PRODUCTION_SECRET } as NodeJS.ProcessEnv;
    const lines: string[] = [];
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const { proxy } = await import('@/proxy');
      await proxy(new NextRequest('https://web.example.com/en', { headers: { host: 'web.example.com', 'x-request-id': 'request-0001' } }));
    } finally {
      stderr.mockRestore();
    }
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 50, requestId: 'request-0001', msg: 'proxy failed' });
    expect(lines[0]).not.toContain('a-production-secret');
  });
});

describe('proxy, choosing the login page', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    jest.resetModules();
  });

  async function variantFor(path: string, headers: Record<string, string>, settings: Record<string, string> = {}): Promise<string | null> {
    process.env = { ...saved, APP_DOMAINS: 'example.com', NODE_ENV: 'production', BACKEND_URL: 'https://api.example.com', SESSION_SECRET: PRODUCTION_SECRET, ...settings } as NodeJS.ProcessEnv;
    const { proxy } = await import('@/proxy');
    const response = await proxy(new NextRequest(`https://web.example.com${path}`, { headers: { host: 'web.example.com', ...headers } }));
    // What Next sees of the request after the proxy: its forwarded headers.
    return response.headers.get('x-middleware-request-x-desk-login-variant');
  }

  it('names the variant itself, never the one a client wrote', async () => {
    expect(await variantFor('/en?from=web', { 'x-desk-login-variant': 'email' })).toBe('none');
    expect(await variantFor('/en?from=web', { 'x-desk-login-variant': 'email', cookie: '__Host-lastSignInMethod=google' })).toBe('none');
  });

  it('names the providers the settings configure, and puts the one used last first only when it is one of them', async () => {
    const google = { GOOGLE_CLIENT_ID: 'g-id', GOOGLE_CLIENT_SECRET: 'a-google-issued-secret-xyz' };
    expect(await variantFor('/en', { cookie: '__Host-lastSignInMethod=google' }, google)).toBe('google.google');
    expect(await variantFor('/en', { cookie: '__Host-lastSignInMethod=microsoft' }, google)).toBe('none.google');
  });

  it('names none where the page is rendered for the request, and removes the client\'s', async () => {
    expect(await variantFor('/en?error=sso-start-again', { 'x-desk-login-variant': 'email' })).toBeNull();
    expect(await variantFor('/en/mail-sent', { 'x-desk-login-variant': 'email' })).toBeNull();
  });
});

describe('proxy, the query a view of its query keeps', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    jest.resetModules();
  });

  async function keptFor(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<string | null> {
    process.env = { ...saved, APP_DOMAINS: 'example.com', NODE_ENV: 'production', BACKEND_URL: 'https://api.example.com', SESSION_SECRET: PRODUCTION_SECRET } as NodeJS.ProcessEnv;
    const { proxy } = await import('@/proxy');
    const body = method === 'POST' ? '[]' : undefined;
    const response = await proxy(new NextRequest(`https://web.example.com${path}`, { method, body, headers: { host: 'web.example.com', ...(body ? { 'content-length': String(body.length) } : {}), ...headers } }));
    // What Next sees of the request after the proxy: its forwarded headers.
    return response.headers.get('x-middleware-request-x-desk-view-query');
  }

  it('names the query of a view of an e-mailed link itself', async () => {
    expect(await keptFor('/en/bookings-extend?userAction=cancel&token=t')).toBe('userAction=cancel&token=t');
  });

  it('never passes on the one a client wrote', async () => {
    expect(await keptFor('/en/mail-sent', { 'x-desk-view-query': 'next=https%3A%2F%2Fevil.test' })).toBeNull();
    expect(await keptFor('/en/bookings-extend?token=t', { 'x-desk-view-query': 'token=forged' })).toBe('token=t');
  });

  it("names the query an action was posted to, which the actions of the booking link and the sign-in link read, never the client's", async () => {
    const action = { 'next-action': '7f'.padEnd(42, '0'), accept: 'text/x-component', 'content-type': 'text/plain;charset=UTF-8', origin: 'https://web.example.com', 'sec-fetch-site': 'same-origin' };
    expect(await keptFor('/en/bookings-extend?userAction=retain&token=t', { ...action, 'x-desk-view-query': 'userAction=retain&token=forged' }, 'POST')).toBe('userAction=retain&token=t');
    expect(await keptFor('/en/bookings-extend', { ...action, 'x-desk-view-query': 'userAction=retain&token=forged' }, 'POST')).toBeNull();
    expect(await keptFor('/en/validatelink?email=a%40b.test&uuid=u', { ...action, 'x-desk-view-query': 'email=a%40b.test&uuid=forged' }, 'POST')).toBe('email=a%40b.test&uuid=u');
  });
});

describe('proxy, caching of pages', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    jest.resetModules();
  });

  async function cacheControlOf(path: string): Promise<string | null> {
    process.env = { ...saved, APP_DOMAINS: 'example.com', NODE_ENV: 'production', BACKEND_URL: 'https://api.example.com', SESSION_SECRET: PRODUCTION_SECRET } as NodeJS.ProcessEnv;
    const { proxy } = await import('@/proxy');
    return (await proxy(new NextRequest(`https://web.example.com${path}`, { headers: { host: 'web.example.com' } }))).headers.get('cache-control');
  }

  it('lets no cache keep an open-the-app page, whose HTML holds an app\'s one-time code', async () => {
    expect(await cacheControlOf('/en/google/open-app')).toBe('no-store');
    expect(await cacheControlOf('/nl/microsoft/open-app')).toBe('no-store');
  });

  it('has every other page revalidated, its neighbours included (the control)', async () => {
    expect(await cacheControlOf('/en/google/organisations')).toBe('private, no-cache');
    expect(await cacheControlOf('/en/mail-sent')).toBe('private, no-cache');
    expect(await cacheControlOf('/xx/google/open-app')).not.toBe('no-store');
  });
});

describe('proxy, for a form post larger than any real form', () => {
  async function post(path: string, contentLength: number): Promise<Response> {
    process.env.APP_DOMAINS = 'example.com';
    process.env.BACKEND_URL = 'https://api.example.com';
    process.env.SESSION_SECRET ??= 'unit-test-secret-of-at-least-32-characters';
    process.env.LOG_LEVEL = 'silent';
    const { proxy } = await import('@/proxy');
    const headers = { host: 'web.example.com', origin: 'https://web.example.com', 'content-length': String(contentLength), 'content-type': 'multipart/form-data; boundary=x' };
    return await proxy(new NextRequest(`https://web.example.com${path}`, { method: 'POST', headers }));
  }

  it('answers 413 before Next, which would answer 500 with an error line', async () => {
    const { FORM_POST_MAX_BYTES } = await import('@/lib/platform/pages/form-post-limit');
    expect((await post('/en', FORM_POST_MAX_BYTES + 1)).status).toBe(413);
    // The controls: a post of the largest size passes on, and so does one to an app's API, which is no form.
    expect((await post('/en', FORM_POST_MAX_BYTES)).status).not.toBe(413);
    expect((await post('/api/sso/token', FORM_POST_MAX_BYTES + 1)).status).not.toBe(413);
  });
});

describe('proxy, for the language redirect (issue 48)', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    jest.resetModules();
  });

  async function answerTo(path: string, acceptLanguage: string): Promise<Response> {
    process.env = { ...saved, APP_DOMAINS: 'example.com', NODE_ENV: 'production', BACKEND_URL: 'https://api.example.com', SESSION_SECRET: PRODUCTION_SECRET } as NodeJS.ProcessEnv;
    const { proxy } = await import('@/proxy');
    return await proxy(new NextRequest(`https://web.example.com${path}`, { headers: { host: 'web.example.com', 'accept-language': acceptLanguage } }));
  }

  function varies(response: Response): string[] {
    return (response.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  }

  it.each(['/', '/validatelink?uuid=x', '/no/such/page'])('says that the redirect of %s depends on Accept-Language, and that nothing in front of the app may answer it for another browser', async (path) => {
    const response = await answerTo(path, 'de-CH, en;q=0.5');
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get('location')!).pathname).toMatch(/^\/de(?:\/|$)/);
    expect(varies(response)).toContain('accept-language');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('names no Accept-Language on a page whose path names its language (the control)', async () => {
    const page = await answerTo('/de/mail-sent', 'de-CH');
    expect(page.headers.get('location')).toBeNull();
    expect(varies(page)).not.toContain('accept-language');
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
  });
});

describe('proxy, for a post without its length or one Next cannot read (issue 48)', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    jest.resetModules();
  });

  async function post(path: string, headers: Record<string, string>, body: string | undefined): Promise<{ response: Response; lines: Record<string, unknown>[] }> {
    process.env = { ...saved, APP_DOMAINS: 'example.com', NODE_ENV: 'production', BACKEND_URL: 'https://api.example.com', SESSION_SECRET: PRODUCTION_SECRET, LOG_LEVEL: 'info' } as NodeJS.ProcessEnv;
    const written: string[] = [];
    const stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const { proxy } = await import('@/proxy');
      const request = new NextRequest(`https://web.example.com${path}`, {
        method: 'POST',
        headers: { host: 'web.example.com', origin: 'https://web.example.com', ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }), ...headers },
        body,
      });
      const response = await proxy(request);
      return { response, lines: written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) };
    } finally {
      stdout.mockRestore();
    }
  }

  const ACTION = '60b2b46b473b69ed8f7ba05ac2e62b2c7861a78a99';
  const boundary = 'form-boundary';
  const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nanna@acme.test\r\n--${boundary}--\r\n`;

  it('answers 411 to a post that does not say its length (a chunked one), with one warning line', async () => {
    for (const path of ['/en', '/api/sso/token']) {
      const { response, lines } = await post(path, { 'transfer-encoding': 'chunked', 'content-type': 'text/plain' }, undefined);
      expect(response.status).toBe(411);
      expect(await response.text()).toMatch(/length/);
      expect(lines.map((line) => [line.level, line.msg])).toEqual([[40, 'post without its length refused']]);
    }
  });

  it.each([
    ['an action id of another shape', { 'next-action': 'xyz', 'content-type': 'text/plain;charset=UTF-8' }, '[]', 'action-id'],
    ['an action\'s arguments that are no JSON', { 'next-action': ACTION, 'content-type': 'text/plain;charset=UTF-8' }, '[[[', 'body'],
    ['an action\'s form that ends half-way', { 'next-action': ACTION, 'content-type': `multipart/form-data; boundary=${boundary}` }, multipart.slice(0, 60), 'body'],
    ['a form without its boundary', { 'content-type': 'multipart/form-data' }, 'hello', 'body'],
    ['a form that ends half-way', { 'content-type': `multipart/form-data; boundary=${boundary}` }, multipart.slice(0, 60), 'body'],
  ])('answers 400 to %s, with one warning line, before Next', async (_kind, headers, body, reason) => {
    const { response, lines } = await post('/en', headers, body);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/could not be read/);
    expect(lines.map((line) => [line.level, line.msg, line.reason])).toEqual([[40, 'form post that cannot be read refused', reason]]);
  });

  it('passes well-formed posts on to Next, and warns of nothing (the control)', async () => {
    for (const [headers, body] of [
      [{ 'next-action': ACTION, 'content-type': 'text/plain;charset=UTF-8' }, '["$K1"]'],
      [{ 'next-action': ACTION, 'content-type': `multipart/form-data; boundary=${boundary}` }, multipart],
      [{ 'content-type': `multipart/form-data; boundary=${boundary}` }, multipart],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 'email=anna%40acme.test'],
    ] as const) {
      const { response, lines } = await post('/en', headers, body);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-middleware-next')).toBe('1');
      expect(lines.filter((line) => line.level === 40)).toEqual([]);
    }
  });
});

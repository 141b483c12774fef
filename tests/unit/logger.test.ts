import { Writable } from 'node:stream';
import { createLogger, describeError, errorKind, scrubSecrets } from '@/lib/platform/observability/logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { log: createLogger('info', destination), lines };
}

describe('the logger', () => {
  it('writes one JSON object a line with the fields given', () => {
    const { log, lines } = capture();
    log.child({ requestId: 'r-12345678' }).info({ path: '/api/v1/flw/auth/:email/verifyUser', status: 200 }, 'backend call');
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, requestId: 'r-12345678', path: '/api/v1/flw/auth/:email/verifyUser', status: 200, msg: 'backend call' }),
    ]);
  });

  it('stamps each line with its time in UTC, as ISO 8601 with a Z', () => {
    const { log, lines } = capture();
    const before = Date.now();
    log.info('backend call');
    const time = lines[0]?.time;
    expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(String(time))).toBeGreaterThanOrEqual(before - 1);
  });

  it('keeps a value with line breaks and a forged field inside its own field: one line per entry', () => {
    const written: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString());
        done();
      },
    });
    const forged = 'x"}\n{"level":50,"msg":"admin signed in","outcome":"handed-off';
    createLogger('info', destination).info({ outcome: forged }, 'sso return\r\n{"level":60}');
    const text = written.join('');
    expect(text.split('\n').filter(Boolean)).toHaveLength(1);
    expect(JSON.parse(text)).toMatchObject({ level: 30, outcome: forged, msg: 'sso return\r\n{"level":60}' });
  });

  it('masks fields named like a secret, at the top and nested, should one slip through', () => {
    const { log, lines } = capture();
    log.info(
      {
        email: 'anna@acme.test',
        token: 'eyJhbGciOi.payload.signature',
        request: { headers: { cookie: 'lastLogin=sealed', authorization: 'Bearer t', 'set-cookie': 'x=y' } },
        flow: { code: 'the-authorization-code', state: 's', nonce: 'n' },
        kept: 'visible',
      },
      'oops',
    );
    const line = JSON.stringify(lines[0]);
    for (const secret of ['anna@acme.test', 'eyJhbGciOi', 'lastLogin=sealed', 'Bearer t', 'x=y', 'the-authorization-code']) {
      expect(line).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({ kept: 'visible', email: '[redacted]', request: { headers: { cookie: '[redacted]' } } });
  });
});

describe('scrubSecrets', () => {
  it('masks addresses, uuids, JWTs and random tokens in free text', () => {
    const text =
      'GET /auth/anna%2Bx@acme.test/verifyUser for anna+x@acme.test, link 0f8e2d44-3c1b-4b7a-9d2e-5f6a7b8c9d0e, ' +
      'token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTYifQ.c2lnbmF0dXJlLXBhcnQ, auth Xk3bR9qLm2Zt7Wv0PyA4sD, sig ' +
      'a3f1c9e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f4a6';
    const scrubbed = scrubSecrets(text);
    for (const secret of ['acme.test', '0f8e2d44', 'eyJhbGciOiJSUzI1NiJ9', 'Xk3bR9qLm2Zt7Wv0PyA4sD', 'a3f1c9e0b2d4']) {
      expect(scrubbed).not.toContain(secret);
    }
  });

  it('leaves an ordinary message and stack frame readable', () => {
    const text = 'TypeError: Cannot read properties of undefined\n    at completeSignIn (/app/.next/server/chunks/ssr/lib_sso_sign-in_ts.js:12:7)';
    expect(scrubSecrets(text)).toBe(text);
  });
});

describe('errors as log fields', () => {
  it('an expected failure gives its class and library code, never its message', () => {
    const error = Object.assign(new Error('invalid_grant: code abc123 for anna@acme.test'), { name: 'ServerError', errorCode: 'invalid_grant' });
    expect(errorKind(error)).toEqual({ errorKind: 'ServerError', errorCode: 'invalid_grant' });
  });

  it('an unexpected error keeps message and stack, scrubbed', () => {
    const described = describeError(new Error('no organisation for anna@acme.test'));
    expect(described).toMatchObject({ kind: 'Error', message: 'no organisation for [email]' });
    expect(described.stack).not.toContain('anna@acme.test');
  });
});

import { devPorts } from '@/dev/ports';
import { maskSecrets, startupLines, terminalLineFilter, warmedUpLine, withoutClosedConnections } from '@/dev/terminal-lines';

/** What `npm run dev` prints of its children (dev/run.ts, dev/terminal-lines.ts). */

const loginUrl = 'http://web.desk.localhost:4700/login';

describe('the development terminal', () => {
  it('prints the app\'s JSON log lines as short readable lines, with no JSON object left', () => {
    const filter = terminalLineFilter({ loginUrl });
    const line = JSON.stringify({
      level: 30,
      time: '2026-11-25T11:58:02.250Z',
      requestId: 'e2352462-7539-467e-bf4f-ea2edf64c572',
      backend: 'product',
      path: '/api/v1/flw/auth/:email/verifyUser',
      durationMs: 291,
      outcome: 'ok',
      msg: 'backend call',
    });
    expect(filter(line)).toBe('info backend call req=e2352462 backend=product path=/api/v1/flw/auth/:email/verifyUser durationMs=291 outcome=ok');
  });

  it('prints the request id once: a trace id that is the same id without dashes is left out, another is kept', () => {
    const filter = terminalLineFilter({ loginUrl });
    const requestId = 'e2352462-7539-467e-bf4f-ea2edf64c572';
    const line = (traceId: string) => JSON.stringify({ level: 30, requestId, traceId, msg: 'sso start', provider: 'google' });
    expect(filter(line('e23524627539467ebf4fea2edf64c572'))).toBe('info sso start req=e2352462 provider=google');
    expect(filter(line('4bf92f3577b34da6a3ce929d0e0e4736'))).toBe('info sso start req=e2352462 traceId=4bf92f3577b34da6a3ce929d0e0e4736 provider=google');
  });

  it('shows an error\'s kind and message on the line and its stack below, indented', () => {
    const filter = terminalLineFilter({ loginUrl });
    const error = { kind: 'TypeError', message: 'x is not a function', stack: 'TypeError: x is not a function\n    at one (a.ts:1:1)\n    at two (b.ts:2:2)' };
    expect(filter(JSON.stringify({ level: 50, msg: 'unexpected error', route: '/[lang]', error }))?.split('\n')).toEqual([
      'ERROR unexpected error route=/[lang] error.kind=TypeError error.message="x is not a function"',
      '    at one (a.ts:1:1)',
      '    at two (b.ts:2:2)',
    ]);
  });

  it('says each start-up warning once, however often the app says it', () => {
    const filter = terminalLineFilter({ loginUrl });
    const warning = JSON.stringify({ level: 40, startup: true, msg: 'SESSION_SECRET is not set: using the development value.' });
    const other = JSON.stringify({ level: 40, startup: true, msg: 'MICROSOFT_AUTHORITY admits any tenant' });
    expect([warning, other, warning, warning, other].map(filter).filter(Boolean)).toEqual([
      'WARN SESSION_SECRET is not set: using the development value.',
      'WARN MICROSOFT_AUTHORITY admits any tenant',
    ]);
    // The same words outside start-up are an event of their own, and said each time.
    const event = JSON.stringify({ level: 40, msg: 'device id not earned in this browser, ignored' });
    expect([event, event].map(filter)).toEqual(['WARN device id not earned in this browser, ignored', 'WARN device id not earned in this browser, ignored']);
  });

  it('points next dev\'s "Local:" line at the gateway, and drops its "Network:" line', () => {
    const filter = terminalLineFilter({ loginUrl });
    expect(filter('- Local:         http://localhost:4702')).toBe(`- Local:         ${loginUrl} (through the gateway)`);
    expect(filter('- Network:       http://192.0.2.2:4702')).toBeUndefined();
    expect(filter('✓ Ready in 2.4s')).toBe('✓ Ready in 2.4s');
  });

  it('drops what next dev prints when a browser closes its connection mid-request, and keeps the lines around it', () => {
    const filter = withoutClosedConnections(terminalLineFilter({ loginUrl }));
    const closedConnection = (head: string, ...more: string[]) => [head, '    at ignore-listed frames {', "  code: 'ECONNRESET'" + (more.length > 0 ? ',' : ''), ...more, '}'];
    // As `npm run dev` printed one closed form post on 2026-11-29: three times, twice as an uncaught exception.
    const printed = [
      '✓ Finished writing to filesystem cache in 12.7s',
      ...closedConnection('Error: aborted'),
      ...closedConnection('⨯ uncaughtException: Error: aborted'),
      ...closedConnection('⨯ uncaughtException:  Error: aborted'),
      '○ Compiling /[lang] ...',
      ...closedConnection('⨯ Error: aborted', "  page: '/en'"),
      '⨯ [Error: aborted] { code: \'ECONNRESET\' }',
      JSON.stringify({ level: 30, msg: 'arrival', decision: 'show-login' }),
    ];
    expect(printed.map(filter).filter((text) => text !== undefined)).toEqual(['✓ Finished writing to filesystem cache in 12.7s', '○ Compiling /[lang] ...', 'info arrival decision=show-login']);
  });

  it('keeps an error that only starts like a closed connection, every line of it (the control)', () => {
    const filter = withoutClosedConnections(terminalLineFilter({ loginUrl }));
    const other = ['⨯ Error: aborted', '    at readBody (lib/x.ts:1:1) {', "  code: 'ABORT_ERR'", '}'];
    expect([...other, '○ Compiling /[lang] ...'].map(filter).filter((text) => text !== undefined).join('\n').split('\n')).toEqual([...other, '○ Compiling /[lang] ...']);
    // And one cut short by another line is printed as it came, that line too.
    const cut = withoutClosedConnections(terminalLineFilter({ loginUrl }));
    expect(['⨯ Error: aborted', '    at ignore-listed frames {', '✓ Ready in 2.4s'].map(cut).filter((text) => text !== undefined).join('\n').split('\n')).toEqual([
      '⨯ Error: aborted',
      '    at ignore-listed frames {',
      '✓ Ready in 2.4s',
    ]);
  });

  it('masks addresses and the credentials of sign-in links and provider returns, and leaves the rest', () => {
    const link =
      'GET /en/validatelink?email=anna%40acme.test&uuid=c4406475-bce8-4be4-bfc6-3352051cf1dd&signature=7c34&timestamp=1795607882100&domain=acme';
    expect(maskSecrets(link)).toBe('GET /en/validatelink?email=…&uuid=…&signature=…&timestamp=1795607882100&domain=acme');
    expect(maskSecrets('GET /google?code=w_8dqk&state=y8Cw&iss=https%3A%2F%2F127.0.0.1')).toBe('GET /google?code=…&state=…&iss=https%3A%2F%2F127.0.0.1');
    expect(maskSecrets('sent to anna+x@acme.test, bert@globex.test')).toBe('sent to [email], [email]');
    // The positive control: what is no secret stays readable.
    expect(maskSecrets('backend │ GET /api/v1/flw/auth/{email}/verifyUser 200')).toBe('backend │ GET /api/v1/flw/auth/{email}/verifyUser 200');
  });
});

describe('the lines npm run dev starts with', () => {
  const ports = devPorts({ DEV_PORT: '4700' });
  const lines = startupLines({ loginOrigin: 'http://web.desk.localhost:4700', ports, identityProviderOrigin: 'https://127.0.0.1:4703', ssoRedirectAllowlist: 'deskbooking://sso' });
  const text = lines.join('\n');

  it('name every port it listens on, the metrics\' included, each with what it is', () => {
    for (const port of Object.values(ports)) expect(text).toMatch(new RegExp(`${port.name} ${port.port}\\b`));
    expect(text).toContain('http://127.0.0.1:4705/metrics');
    // The control: a port of another DEV_PORT is named nowhere.
    expect(text).not.toContain('3005');
  });

  it('say where to sign in, where the mail and the links to try are, and which app redirect_uri is admitted', () => {
    expect(lines[0]).toBe('Login: http://web.desk.localhost:4700/login');
    expect(text).toContain('Mailbox: http://web.desk.localhost:4700/mailbox (sent e-mails, and links to try: bookings, invitations, the sample app)');
    expect(text).toContain('Sample app: redirect_uri deskbooking://sso is admitted (SSO_REDIRECT_ALLOWLIST)');
  });

  it('say that every route is compiled in the background, and when that is done (issue 49)', () => {
    expect(text).toContain('Warm-up: every route is asked for once in the background now');
    expect(warmedUpLine({ routes: 27, seconds: 41 })).toBe('27 routes compiled in 41 s: a first visit no longer waits for the compiler');
  });

  it('say so when no app redirect_uri is admitted', () => {
    const none = startupLines({ loginOrigin: 'http://web.desk.localhost:4700', ports, identityProviderOrigin: 'https://127.0.0.1:4703', ssoRedirectAllowlist: '' }).join('\n');
    expect(none).toContain('Sample app: SSO_REDIRECT_ALLOWLIST is empty, so every redirect_uri ends on error=redirect-not-allowed');
  });
});

import { clientAddressFrom } from '@/lib/platform/request/client-address';

// A header list of any text, including what Headers itself would refuse to hold.
function clientOf(forwardedFor: string | undefined, hops: number): string | undefined {
  return clientAddressFrom({ get: (name) => (name === 'x-forwarded-for' ? (forwardedFor ?? null) : null) }, hops);
}

describe('clientAddressFrom', () => {
  describe('behind nginx alone (one hop)', () => {
    it.each<[string, string | undefined]>([
      ['198.51.100.4', '198.51.100.4'],
      // What nginx makes of a client that wrote its own header: the client's entries come first.
      ['203.0.113.7, 198.51.100.4', '198.51.100.4'],
      ['203.0.113.7,198.51.100.4', '198.51.100.4'],
      ['  203.0.113.7 ,   198.51.100.4  ', '198.51.100.4'],
      [', , 203.0.113.7, 198.51.100.4', '198.51.100.4'],
    ])('takes the right-most entry of %j', (header, client) => {
      expect(clientOf(header, 1)).toBe(client);
    });

    it('never falls back to an entry the client wrote when nginx\'s own is unusable', () => {
      expect(clientOf('203.0.113.7, ', 1)).toBeUndefined();
      expect(clientOf('203.0.113.7, garbage', 1)).toBeUndefined();
      expect(clientOf('203.0.113.7, 198.51.100.4:443', 1)).toBeUndefined();
    });

    it('has no client without the header, or with an empty one', () => {
      expect(clientOf(undefined, 1)).toBeUndefined();
      expect(clientOf('', 1)).toBeUndefined();
      expect(clientOf('  ', 1)).toBeUndefined();
    });
  });

  describe('behind a CDN and nginx (two hops)', () => {
    it.each<[string, string | undefined]>([
      // CDN appended the client, nginx appended the CDN.
      ['198.51.100.4, 192.0.2.10', '198.51.100.4'],
      ['203.0.113.7, 198.51.100.4, 192.0.2.10', '198.51.100.4'],
      ['203.0.113.7,198.51.100.4,192.0.2.10', '198.51.100.4'],
    ])('takes the second entry from the right of %j', (header, client) => {
      expect(clientOf(header, 2)).toBe(client);
    });

    it('has no client when there are fewer entries than hops: never the one left entry', () => {
      expect(clientOf('192.0.2.10', 2)).toBeUndefined();
      expect(clientOf('203.0.113.7, 198.51.100.4', 3)).toBeUndefined();
    });

    it('counts empty entries as written, so an empty chosen entry is no client', () => {
      expect(clientOf(', 192.0.2.10', 2)).toBeUndefined();
      expect(clientOf('203.0.113.7, , 192.0.2.10', 2)).toBeUndefined();
    });
  });

  describe('IPv6', () => {
    it.each<[string, string]>([
      ['2001:db8::1', '2001:db8::1'],
      ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
      ['::1', '::1'],
      // nginx writes IPv4 clients of a dual-stack listener this way: the same client as 192.0.2.1.
      ['::ffff:192.0.2.1', '192.0.2.1'],
      ['::FFFF:C000:0201', '192.0.2.1'],
    ])('reads %j as %j', (entry, client) => {
      expect(clientOf(`203.0.113.7, ${entry}`, 1)).toBe(client);
    });
  });

  it.each([
    ['a port', '198.51.100.4:8080'],
    ['brackets and a port', '[2001:db8::1]:443'],
    ['brackets', '[2001:db8::1]'],
    ['a zone', 'fe80::1%eth0'],
    ['an octet above 255', '198.51.100.256'],
    ['a leading zero', '198.51.100.04'],
    ['three octets', '198.51.100'],
    ['a short form URL parsers accept', '127.1'],
    ['hexadecimal IPv4', '0x7f.0.0.1'],
    ['too many IPv6 groups', '1:2:3:4:5:6:7:8:9'],
    ['three colons', ':::1'],
    ['a name', 'localhost'],
    ['a word', 'unknown'],
    ['a URL breaking out of brackets', '::1]/evil'],
    ['a very long number', '9'.repeat(500)],
    ['a control character', '198.51.100.4\u0000'],
  ])('refuses an entry with %s', (_case, entry) => {
    expect(clientOf(entry, 1)).toBeUndefined();
  });

  it('survives the fuzz test\'s garbage, taking only the right-most entry', () => {
    const garbage = `, , ${'9'.repeat(500)}, ::ffff:1.2.3.4, [::1]:99`;
    expect(clientOf(garbage, 1)).toBeUndefined();
    expect(clientOf(`${garbage}, 198.51.100.4`, 1)).toBe('198.51.100.4');
  });
});

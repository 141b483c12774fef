// Just enough ASN.1 DER (ITU-T X.690) to write an X.509 certificate, so that a fresh machine
// needs neither the openssl command nor a certificate package. Node's crypto does the keys and
// the signatures; this only lays out the bytes.

const tags = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  objectIdentifier: 0x06,
  utf8String: 0x0c,
  sequence: 0x30,
  set: 0x31,
  utcTime: 0x17,
  generalizedTime: 0x18,
};

function lengthBytes(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tagged(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), lengthBytes(content.length), content]);
}

export function sequence(...items: Buffer[]): Buffer {
  return tagged(tags.sequence, Buffer.concat(items));
}

export function set(...items: Buffer[]): Buffer {
  return tagged(tags.set, Buffer.concat(items));
}

// [n] EXPLICIT: the context tag wraps a whole encoded value.
export function explicit(tagNumber: number, value: Buffer): Buffer {
  return tagged(0xa0 | tagNumber, value);
}

// [n] IMPLICIT on a primitive value: the context tag replaces the value's own tag.
export function implicitPrimitive(tagNumber: number, content: Buffer): Buffer {
  return tagged(0x80 | tagNumber, content);
}

export function boolean(value: boolean): Buffer {
  return tagged(tags.boolean, Buffer.from([value ? 0xff : 0x00]));
}

// An unsigned big-endian number; a leading zero keeps it positive when the top bit is set.
export function unsignedInteger(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0 && (bytes[start + 1]! & 0x80) === 0) start += 1;
  const trimmed = bytes.subarray(start);
  return tagged(tags.integer, (trimmed[0]! & 0x80) !== 0 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

export function smallInteger(value: number): Buffer {
  return unsignedInteger(Buffer.from([value]));
}

export function octetString(content: Buffer): Buffer {
  return tagged(tags.octetString, content);
}

export function bitString(content: Buffer, unusedBits = 0): Buffer {
  return tagged(tags.bitString, Buffer.concat([Buffer.from([unusedBits]), content]));
}

// A named-bit list such as keyUsage: bit 0 is the high bit of the first byte, and DER drops
// trailing zero bits.
export function namedBits(bits: number[]): Buffer {
  const highest = Math.max(...bits);
  const content = Buffer.alloc(Math.floor(highest / 8) + 1);
  for (const bit of bits) content[Math.floor(bit / 8)]! |= 0x80 >> bit % 8;
  return bitString(content, 7 - (highest % 8));
}

export function objectIdentifier(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) base128.unshift((value & 0x7f) | 0x80);
    bytes.push(...base128);
  }
  return tagged(tags.objectIdentifier, Buffer.from(bytes));
}

export function utf8String(value: string): Buffer {
  return tagged(tags.utf8String, Buffer.from(value, 'utf8'));
}

// RFC 5280 4.1.2.5: UTCTime up to 2049, GeneralizedTime from 2050, always in seconds and UTC.
export function time(date: Date): Buffer {
  const digits = date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:T]/g, '');
  return date.getUTCFullYear() < 2050
    ? tagged(tags.utcTime, Buffer.from(digits.slice(2), 'ascii'))
    : tagged(tags.generalizedTime, Buffer.from(digits, 'ascii'));
}

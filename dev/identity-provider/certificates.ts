// The local certificate authority and the HTTPS certificate of the identity provider, made with
// Node alone and kept in dev/.certificates/ (git-ignored). Existing files are reused while they
// are valid and cover the names asked for; the app trusts ca.pem through NODE_EXTRA_CA_CERTS.
import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join } from 'node:path';
import {
  bitString,
  boolean,
  explicit,
  implicitPrimitive,
  namedBits,
  objectIdentifier,
  octetString,
  sequence,
  set,
  smallInteger,
  time,
  unsignedInteger,
  utf8String,
} from './der.ts';

export type CertificateFiles = { caCertificate: string; certificate: string; privateKey: string };

const dayMs = 24 * 60 * 60 * 1000;
const caValidityDays = 3650;
// Browsers cap certificates from public authorities at 398 days; staying under it costs nothing.
const serverValidityDays = 397;
const renewWithinDays = 30;
const alwaysCovered = ['localhost', '127.0.0.1'];
const organisationName = 'Desk Booking development';
const caCommonName = 'Desk Booking local development CA';

const oids = {
  commonName: '2.5.4.3',
  organisation: '2.5.4.10',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  extendedKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
};

const keyUsageBits = { digitalSignature: 0, keyCertSign: 5, cRLSign: 6 };

function distinguishedName(commonName: string): Buffer {
  return sequence(
    set(sequence(objectIdentifier(oids.organisation), utf8String(organisationName))),
    set(sequence(objectIdentifier(oids.commonName), utf8String(commonName))),
  );
}

function extension(oid: string, critical: boolean, value: Buffer): Buffer {
  return sequence(objectIdentifier(oid), ...(critical ? [boolean(true)] : []), octetString(value));
}

// RFC 5280 4.2.1.2 method 1: SHA-1 of the subjectPublicKey bits (for P-256, the point 04‖x‖y).
function keyIdentifier(publicKey: KeyObject): Buffer {
  const { x, y } = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(x ?? '', 'base64url'), Buffer.from(y ?? '', 'base64url')]);
  return createHash('sha1').update(point).digest();
}

function subjectAltNames(names: string[]): Buffer {
  return sequence(
    ...names.map((name) =>
      isIP(name) === 4
        ? implicitPrimitive(7, Buffer.from(name.split('.').map(Number)))
        : implicitPrimitive(2, Buffer.from(name, 'ascii')),
    ),
  );
}

type CertificateRequest = {
  subject: string;
  publicKey: KeyObject;
  issuer: string;
  issuerKey: KeyObject;
  issuerPublicKey: KeyObject;
  validityDays: number;
  extensions: Buffer[];
};

function issueCertificate(request: CertificateRequest): string {
  const signatureAlgorithm = sequence(objectIdentifier(oids.ecdsaWithSha256));
  const notBefore = new Date(Date.now() - dayMs);
  const notAfter = new Date(notBefore.getTime() + request.validityDays * dayMs);
  // A positive 127-bit serial: random, as the CA/Browser Forum asks of real authorities.
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  const toBeSigned = sequence(
    explicit(0, smallInteger(2)),
    unsignedInteger(serial),
    signatureAlgorithm,
    distinguishedName(request.issuer),
    sequence(time(notBefore), time(notAfter)),
    distinguishedName(request.subject),
    request.publicKey.export({ type: 'spki', format: 'der' }),
    explicit(
      3,
      sequence(
        ...request.extensions,
        extension(oids.subjectKeyIdentifier, false, octetString(keyIdentifier(request.publicKey))),
        extension(oids.authorityKeyIdentifier, false, sequence(implicitPrimitive(0, keyIdentifier(request.issuerPublicKey)))),
      ),
    ),
  );
  const signature = sign('sha256', toBeSigned, request.issuerKey);
  const der = sequence(toBeSigned, signatureAlgorithm, bitString(signature));
  return `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n')}-----END CERTIFICATE-----\n`;
}

function newKeyPair(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' });
}

function privateKeyPem(key: KeyObject): string {
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

function writePrivate(path: string, text: string): void {
  writeFileSync(path, text, { mode: 0o600 });
  chmodSync(path, 0o600);
}

function readIfPresent(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

function lastsLongEnough(certificate: X509Certificate): boolean {
  return certificate.validToDate.getTime() - Date.now() > renewWithinDays * dayMs;
}

function covers(certificate: X509Certificate, names: string[]): boolean {
  return names.every((name) =>
    isIP(name) ? certificate.checkIP(name) !== undefined : certificate.checkHost(name, { subject: 'never' }) !== undefined,
  );
}

type CertificateAuthority = { certificate: X509Certificate; pem: string; privateKey: KeyObject };

function loadOrCreateAuthority(caPath: string, caKeyPath: string): { authority: CertificateAuthority; created: boolean } {
  const pem = readIfPresent(caPath);
  const keyPem = readIfPresent(caKeyPath);
  if (pem && keyPem) {
    try {
      const certificate = new X509Certificate(pem);
      const privateKey = createPrivateKey(keyPem);
      const isOurs = certificate.subject === `O=${organisationName}\nCN=${caCommonName}`;
      if (isOurs && certificate.ca && lastsLongEnough(certificate) && certificate.checkPrivateKey(privateKey)) {
        return { authority: { certificate, pem, privateKey }, created: false };
      }
    } catch {
      // Unreadable: made anew below.
    }
  }
  const { privateKey, publicKey } = newKeyPair();
  const caPem = issueCertificate({
    subject: caCommonName,
    publicKey,
    issuer: caCommonName,
    issuerKey: privateKey,
    issuerPublicKey: publicKey,
    validityDays: caValidityDays,
    extensions: [
      extension(oids.basicConstraints, true, sequence(boolean(true), smallInteger(0))),
      extension(oids.keyUsage, true, namedBits([keyUsageBits.keyCertSign, keyUsageBits.cRLSign])),
    ],
  });
  writePrivate(caKeyPath, privateKeyPem(privateKey));
  writeFileSync(caPath, caPem);
  return { authority: { certificate: new X509Certificate(caPem), pem: caPem, privateKey }, created: true };
}

function serverCertificateIsUsable(pem: string | undefined, keyPem: string | undefined, authority: CertificateAuthority, names: string[]): boolean {
  if (!pem || !keyPem) return false;
  try {
    const certificate = new X509Certificate(pem);
    return (
      certificate.verify(authority.certificate.publicKey) &&
      certificate.checkPrivateKey(createPrivateKey(keyPem)) &&
      lastsLongEnough(certificate) &&
      covers(certificate, names)
    );
  } catch {
    return false;
  }
}

/**
 * Makes sure dev/.certificates/ holds a certificate authority and a server certificate for
 * localhost, 127.0.0.1 and `dnsNames`, signed by it. Synchronous, so dev/run.ts can call it
 * before any child starts.
 */
export function ensureDevCertificates(directory: string, dnsNames: string[]): CertificateFiles & { created: string[] } {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const files: CertificateFiles = {
    caCertificate: join(directory, 'ca.pem'),
    certificate: join(directory, 'server.pem'),
    privateKey: join(directory, 'server-key.pem'),
  };
  const caKeyPath = join(directory, 'ca-key.pem');
  const created: string[] = [];
  const { authority, created: authorityCreated } = loadOrCreateAuthority(files.caCertificate, caKeyPath);
  if (authorityCreated) created.push(files.caCertificate);

  const names = [...new Set([...alwaysCovered, ...dnsNames.map((name) => name.toLowerCase())])];
  if (!serverCertificateIsUsable(readIfPresent(files.certificate), readIfPresent(files.privateKey), authority, names)) {
    const { privateKey, publicKey } = newKeyPair();
    const pem = issueCertificate({
      subject: names[0] ?? 'localhost',
      publicKey,
      issuer: caCommonName,
      issuerKey: authority.privateKey,
      issuerPublicKey: authority.certificate.publicKey,
      validityDays: serverValidityDays,
      extensions: [
        extension(oids.basicConstraints, true, sequence()),
        extension(oids.keyUsage, true, namedBits([keyUsageBits.digitalSignature])),
        extension(oids.extendedKeyUsage, false, sequence(objectIdentifier(oids.serverAuth))),
        extension(oids.subjectAltName, false, subjectAltNames(names)),
      ],
    });
    writePrivate(files.privateKey, privateKeyPem(privateKey));
    writeFileSync(files.certificate, pem);
    created.push(files.certificate);
  }
  return { ...files, created };
}

/**
 * The file for the app's NODE_EXTRA_CA_CERTS. Node reads only one such file, so when the
 * environment already names one (some machines point it at the system bundle), the app gets a
 * copy of that file with the local CA added, and still trusts everything it trusted before.
 */
export function extraCaCertificatesFor(caCertificate: string, alreadySet: string | undefined): string {
  if (!alreadySet || alreadySet === caCertificate) return caCertificate;
  const combined = join(dirname(caCertificate), 'node-extra-ca-certs.pem');
  try {
    writeFileSync(combined, `${readFileSync(alreadySet, 'utf8').trimEnd()}\n${readFileSync(caCertificate, 'utf8')}`);
    return combined;
  } catch {
    console.warn(`NODE_EXTRA_CA_CERTS=${alreadySet} cannot be read; the app trusts only ${caCertificate}.`);
    return caCertificate;
  }
}

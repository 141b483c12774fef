/** A sealed value (lib/platform/sealed.ts, compact JWE) with one character of its ciphertext changed. */
export function tampered(sealed: string): string {
  const parts = sealed.split('.');
  const ciphertext = parts[3]!;
  const middle = Math.floor(ciphertext.length / 2);
  // A middle character carries six full bits, so changing it always changes the bytes; the last
  // characters of base64url may carry unused bits, so changing them can leave the bytes as they were.
  parts[3] = ciphertext.slice(0, middle) + (ciphertext[middle] === 'A' ? 'B' : 'A') + ciphertext.slice(middle + 1);
  return parts.join('.');
}

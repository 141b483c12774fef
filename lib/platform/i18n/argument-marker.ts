/**
 * A message argument that only a client island knows (a countdown): the server translates the
 * message with this marker in the argument's place, and the island replaces it as it renders.
 */
export function argumentMarker(name: string): string {
  return `{${name}}`;
}

/** Runs once when a server starts: a bad configuration stops it before it serves anything. */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { assertConfigAtStartup } = await import('@/lib/config');
    assertConfigAtStartup();
  }
}

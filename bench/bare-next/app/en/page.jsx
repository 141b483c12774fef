import { connection } from 'next/server';

export const metadata = { title: 'Sign in' };

// Rendered per request, as the login page is: the floor of a dynamic page, not of a cached file.
export default async function Page() {
  await connection();
  return (
    <main>
      <h1>Sign in</h1>
      <p>A bare Next.js page.</p>
    </main>
  );
}

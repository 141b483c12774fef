import { connection } from 'next/server';
import './globals.css';

/** Paths outside the language tree that match nothing (the proxy redirects all others). */
export default async function NotFound() {
  // Per request like every page, so that its scripts carry the CSP nonce.
  await connection();
  return (
    <html lang="en">
      <body className="grid min-h-dvh place-items-center p-8">
        <main className="max-w-md space-y-4 text-center">
          <h1 className="text-2xl font-bold">Page not found</h1>
          <a href="/login" className="text-primary-strong underline">
            Go to sign-in
          </a>
        </main>
      </body>
    </html>
  );
}

import { connection } from 'next/server';
import { BASE_PATH } from '@/lib/base-path';
import './not-found.css';

/** Paths outside the language tree that match nothing (the proxy redirects all others). */
export default async function NotFound() {
  // Per request like every page, so that its scripts carry the CSP nonce.
  await connection();
  return (
    <html lang="en">
      <body className="not-found">
        <main>
          <h1>Page not found</h1>
          {/* A whole new request, so that the proxy picks the language: no client-side navigation. */}
          <a href={BASE_PATH}>
            Go to sign-in
          </a>
        </main>
      </body>
    </html>
  );
}

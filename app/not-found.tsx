import { connection } from 'next/server';
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
          <a href="/login">
            Go to sign-in
          </a>
        </main>
      </body>
    </html>
  );
}

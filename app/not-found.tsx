import './globals.css';

/** Paths outside the language tree that match nothing (the proxy redirects all others). */
export default function NotFound() {
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

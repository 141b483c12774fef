import { NotFoundFrame, NotFoundNotice } from '@/components/ui/not-found-document';
import './globals.css';

/**
 * An address that matches no route at all (next.config.mjs, `globalNotFound`): rendered only for
 * those, so that no page carries a not-found page in its payload.
 */
export default function GlobalNotFound() {
  return (
    <NotFoundFrame>
      <NotFoundNotice />
    </NotFoundFrame>
  );
}

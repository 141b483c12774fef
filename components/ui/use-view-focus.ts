'use client';

import { useEffect, useRef, type RefObject } from 'react';

/** Before the first view: tells the first effect from the ones after a change. */
const NOT_YET = Symbol('not yet shown');

/**
 * Where the focus goes when the view changes (WCAG 2.4.3), for every view of the sign-in: a view's
 * heading (`ViewHeading`), or the field a refusal is about. `target` takes the focus whenever `view` becomes a new value other than null or false, so that keyboard
 * and screen reader users go on from what changed instead of from a button that is gone or the
 * top of the page.
 *
 * On arrival (the first value) it leaves alone a control the page focused itself (a field the
 * person carries on in, such as the kept address or the code from the other browser); a later
 * change always moves the focus, because the person's own action caused it. With `title`, the
 * browser's tab follows the view too (WCAG 2.4.2): "title · Desk Booking".
 */
export function useViewFocus(target: RefObject<HTMLElement | null>, view: unknown = true, title?: string): void {
  const shown = useRef<unknown>(NOT_YET);
  useEffect(() => {
    if (title !== undefined) titleTab(title);
  }, [title]);
  useEffect(() => {
    const arriving = shown.current === NOT_YET;
    if (Object.is(shown.current, view)) return;
    shown.current = view;
    if (view === null || view === undefined || view === false) return;
    const active = document.activeElement;
    if (arriving && active && active !== document.body) return;
    target.current?.focus();
  }, [target, view]);
}

/** The separator before the product's name in every title (the layout's title template). */
const TITLE_SEPARATOR = ' · ';

function titleTab(title: string) {
  const productAt = document.title.lastIndexOf(TITLE_SEPARATOR);
  document.title = productAt === -1 ? title : `${title}${document.title.slice(productAt)}`;
}

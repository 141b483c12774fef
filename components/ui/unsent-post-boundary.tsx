'use client';

import { Component, type ReactNode } from 'react';

/** The fields of a form, by name, as they were when its post was not sent. */
export type UnsentPost = { fields: Record<string, string> };

type Props = {
  /**
   * The form: `unsent` once a post of it was not sent, so that it starts from what was typed and
   * says so; `keepTyped` to call as it is submitted.
   */
  children: (unsent: UnsentPost | undefined, keepTyped: (form: HTMLFormElement) => void) => ReactNode;
};

/**
 * Around a form whose server action is called with script. A post that something in front of
 * the app answers instead (nginx's own 429 page, a 502 while a deploy swaps the instances) or that
 * never arrives (a dropped connection) makes the action throw where its state is read: without
 * this, the page's error boundary would show "Something went wrong" and lose what was typed.
 * Here the form starts again from what was typed. An error the app itself sent back carries a
 * digest and still reaches the error page. Without script the browser shows nginx's own page.
 */
export class UnsentPostBoundary extends Component<Props, { failure?: unknown }> {
  state: { failure?: unknown } = {};
  private typed: Record<string, string> = {};

  static getDerivedStateFromError(failure: unknown) {
    return { failure };
  }

  private readonly keepTyped = (form: HTMLFormElement) => {
    this.typed = Object.fromEntries([...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  };

  render() {
    const { failure } = this.state;
    if (failure !== undefined && cameFromTheApp(failure)) throw failure;
    return this.props.children(failure === undefined ? undefined : { fields: this.typed }, this.keepTyped);
  }
}

function cameFromTheApp(failure: unknown): boolean {
  return typeof failure === 'object' && failure !== null && 'digest' in failure;
}

/** Said in a form that starts again after its post was not sent, until it is posted again. */
export function UnsentPostNotice({ text }: { text: string }) {
  return (
    <p role="alert" className="text-danger">
      {text}
    </p>
  );
}

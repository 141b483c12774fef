import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { ViewHeading } from '@/components/ui/view-heading';

export type TrialExpiredLinks = {
  sales: string;
  pricing: string;
  /** The way back for a person with another address or another method: the whole login page, loaded afresh. */
  login: string;
};

export type TrialExpiredText = {
  heading: string;
  subheading: string;
  talkToSales: string;
  viewPricing: string;
  anotherWay: string;
  /** Rich text with the demo and free-trial links, rendered on the server. */
  details: ReactNode;
};

/**
 * The free-trial-expired view (specification section 2), the same after the e-mail step and after
 * single sign-on. No hooks of its own: the e-mail island shows it in place of the form, the
 * `/trial-expired` page renders it on the server.
 */
export function TrialExpiredView({ links, text }: { links: TrialExpiredLinks; text: TrialExpiredText }) {
  return (
    <section className="space-y-4">
      <ViewHeading>{text.heading}</ViewHeading>
      <p className="text-muted">{text.subheading}</p>
      <div className="space-y-3">
        <a href={links.sales} className={buttonClasses('secondary')}>
          {text.talkToSales}
        </a>
        <a href={links.pricing} className={buttonClasses('outline')}>
          {text.viewPricing}
        </a>
      </div>
      <p>{text.details}</p>
      <a href={links.login} className={buttonClasses('quiet')}>
        {text.anotherWay}
      </a>
    </section>
  );
}

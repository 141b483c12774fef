import { headingAndBodyNoticePage } from '@/components/ui/notice-page';

/** Reads nothing from the request: rendered once, and its language links keep no query (components/i18n/language-links.tsx). */
export const dynamic = 'force-static';

/** "I did not ask for this": the link stays unused, nothing changed, nobody is signed in. */
const linkDeclinedPage = headingAndBodyNoticePage('validateLink', { heading: 'declinedHeading', body: 'declinedBody' });

export const generateMetadata = linkDeclinedPage.generateMetadata;
export default linkDeclinedPage.Page;

import { headingAndBodyNoticePage } from '@/components/ui/notice-page';

/** Reads nothing from the request: rendered once, and its language links keep no query (components/i18n/language-links.tsx). */
export const dynamic = 'force-static';

/** An e-mailed link reopened in the browser that already signed in with it. */
const usedLinkPage = headingAndBodyNoticePage('invalidLink', { heading: 'usedHeading', body: 'usedBody' });

export const generateMetadata = usedLinkPage.generateMetadata;
export default usedLinkPage.Page;

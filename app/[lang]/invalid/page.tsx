import { headingAndBodyNoticePage } from '@/components/ui/notice-page';

/** Reads nothing from the request: rendered once, and its language links keep no query (components/i18n/language-links.tsx). */
export const dynamic = 'force-static';

/** An e-mailed link that is expired or invalid. */
const invalidLinkPage = headingAndBodyNoticePage('invalidLink', { heading: 'heading', body: 'body' });

export const generateMetadata = invalidLinkPage.generateMetadata;
export default invalidLinkPage.Page;

import { headingAndBodyNoticePage } from '@/components/ui/notice-page';

/** Reads nothing from the request: rendered once, and its language links keep no query (components/i18n/language-links.tsx). */
export const dynamic = 'force-static';

/** An e-mailed link whose own timestamp is past its 15 minutes, told before anything is asked. */
const expiredLinkPage = headingAndBodyNoticePage('invalidLink', { heading: 'expiredHeading', body: 'expiredBody' });

export const generateMetadata = expiredLinkPage.generateMetadata;
export default expiredLinkPage.Page;

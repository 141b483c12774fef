import { headingAndBodyNoticePage } from '@/components/ui/notice-page';

/** An e-mailed link reopened in the browser that already signed in with it. */
const usedLinkPage = headingAndBodyNoticePage('invalidLink', { heading: 'usedHeading', body: 'usedBody' });

export const generateMetadata = usedLinkPage.generateMetadata;
export default usedLinkPage.Page;

import { headingAndBodyNoticePage } from '@/components/ui/notice-page';

/** An e-mailed link that is expired or invalid. */
const invalidLinkPage = headingAndBodyNoticePage('invalidLink', { heading: 'heading', body: 'body' });

export const generateMetadata = invalidLinkPage.generateMetadata;
export default invalidLinkPage.Page;

import { headingAndBodyNoticePage } from '@/components/ui/notice-page';

/** An e-mailed link whose own timestamp is past its 15 minutes, told before anything is asked. */
const expiredLinkPage = headingAndBodyNoticePage('invalidLink', { heading: 'expiredHeading', body: 'expiredBody' });

export const generateMetadata = expiredLinkPage.generateMetadata;
export default expiredLinkPage.Page;

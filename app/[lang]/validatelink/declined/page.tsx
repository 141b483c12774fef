import { headingAndBodyNoticePage } from '@/components/ui/notice-page';

/** "I did not ask for this": the link stays unused, nothing changed, nobody is signed in. */
const linkDeclinedPage = headingAndBodyNoticePage('validateLink', { heading: 'declinedHeading', body: 'declinedBody' });

export const generateMetadata = linkDeclinedPage.generateMetadata;
export default linkDeclinedPage.Page;

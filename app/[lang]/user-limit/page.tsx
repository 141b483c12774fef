import { headingAndBodyNoticePage } from '@/components/ui/notice-page';

/** The freemium limit page: createUser or addUser answered USER_COUNT_EXCEEDED. */
const userLimitPage = headingAndBodyNoticePage('userLimit', { heading: 'heading', body: 'info' });

export const generateMetadata = userLimitPage.generateMetadata;
export default userLimitPage.Page;

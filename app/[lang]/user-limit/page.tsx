import { headingAndBodyNoticePage } from '@/components/ui/notice-page';

/** Reads nothing from the request: rendered once, and its language links keep no query (components/i18n/language-links.tsx). */
export const dynamic = 'force-static';

/** The freemium limit page: createUser or addUser answered USER_COUNT_EXCEEDED. */
const userLimitPage = headingAndBodyNoticePage('userLimit', { heading: 'heading', body: 'info' });

export const generateMetadata = userLimitPage.generateMetadata;
export default userLimitPage.Page;

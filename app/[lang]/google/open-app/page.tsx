import { headingAsTitle } from '@/lib/i18n/page-title';

export { OpenAppPage as default } from '@/components/sso/open-app-page';
export const generateMetadata = headingAsTitle('sso', 'openingApp');

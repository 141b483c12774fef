import { headingAsTitle } from '@/lib/platform/i18n/page-title';

export { OrganisationPickerPage as default } from '@/components/sso/organisation-picker-page';
export const generateMetadata = headingAsTitle('sso', 'pickerHeading');

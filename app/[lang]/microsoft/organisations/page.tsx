export { OrganisationPickerPage as default } from '@/components/sso/organisation-picker-page';

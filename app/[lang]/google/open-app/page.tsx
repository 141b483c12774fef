export { OpenAppPage as default } from '@/components/sso/open-app-page';

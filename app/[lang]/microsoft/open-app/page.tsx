export { OpenAppPage as default, generateMetadata } from '@/components/sso/open-app-page';

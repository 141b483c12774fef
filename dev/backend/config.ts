export const backendConfig = {
  port: Number(process.env.DEV_BACKEND_PORT ?? 3001),
  host: process.env.DEV_BACKEND_HOST ?? '127.0.0.1',
  // Where the magic links in the mailbox point: the gateway in front of the login app.
  linkOrigin: process.env.LOGIN_LINK_ORIGIN ?? 'http://web.desk.localhost:3000',
  // Parent domain of the organisation hosts named in trayConfigUrl.
  appDomain: process.env.DEV_APP_DOMAIN ?? 'desk.localhost',
};

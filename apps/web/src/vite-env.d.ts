/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of an external sign-in portal; with VITE_APP_ID it replaces /login. */
  readonly VITE_OAUTH_PORTAL_URL?: string;
  /** Application id registered at the external sign-in portal. */
  readonly VITE_APP_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

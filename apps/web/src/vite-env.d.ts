/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base for split deployments; the app and the API share an origin by default. */
  readonly VITE_API_BASE_URL?: string;
  /** Contact address shown in the footer until `GET /api/health` answers its own. */
  readonly VITE_CONTACT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

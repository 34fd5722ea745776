/// <reference types="vite/client" />

/** The build version, also written to dist/build.json (see vite.config.ts). */
declare const __APP_VERSION__: string;

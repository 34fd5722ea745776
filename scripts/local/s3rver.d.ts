declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  /** The slice of Koa's context the stand-in's own middleware uses. */
  export interface S3rverContext {
    method: string;
    path: string;
    req: import('node:http').IncomingMessage;
    request: { req: import('node:http').IncomingMessage };
    headers: Record<string, string | string[] | undefined>;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  }

  /** S3rver is a Koa application. */
  export default class S3rver {
    constructor(options?: S3rverOptions);
    middleware: ((ctx: S3rverContext, next: () => Promise<void>) => Promise<void> | void)[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

/** Loads handler modules from functions/src and invokes them like the Lambda runtime does. */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { handlerId } from '../../functions/src/manifest.ts';

export type LambdaHandler = (
  event: unknown,
  context: Context,
  callback?: (err: unknown, result?: unknown) => void,
) => unknown;

const REGION = 'ap-northeast-1';
const ACCOUNT = '000000000000';
const TIMEOUT_MS = 30_000;

export class HandlerNotFoundError extends Error {}

export class LambdaRuntime {
  private readonly modules = new Map<string, Promise<LambdaHandler>>();

  constructor(
    private readonly handlerRoot: string,
    private readonly functionPrefix: string,
  ) {}

  functionName(handler: string): string {
    return `${this.functionPrefix}-${handlerId(handler)}`;
  }

  functionArn(handler: string): string {
    return `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${this.functionName(handler)}`;
  }

  moduleFile(handler: string): string {
    return join(this.handlerRoot, `${handler}.ts`);
  }

  /** An in-process handler under a module name (fixtures of tests and benchmarks). */
  register(handler: string, fn: LambdaHandler): void {
    this.modules.set(handler, Promise.resolve(fn));
  }

  load(handler: string): Promise<LambdaHandler> {
    let loaded = this.modules.get(handler);
    if (!loaded) {
      loaded = this.importHandler(handler);
      this.modules.set(handler, loaded);
      loaded.catch(() => this.modules.delete(handler));
    }
    return loaded;
  }

  private async importHandler(handler: string): Promise<LambdaHandler> {
    const file = this.moduleFile(handler);
    if (!existsSync(file)) throw new HandlerNotFoundError(`Handler module not found: ${file}`);
    const mod = (await import(pathToFileURL(file).href)) as { handler?: unknown };
    if (typeof mod.handler !== 'function') {
      throw new HandlerNotFoundError(`${file} does not export a function named "handler"`);
    }
    return mod.handler as LambdaHandler;
  }

  /** Calls the handler with a Lambda-like context; supports async and callback-style handlers. */
  async invoke(handler: string, event: unknown): Promise<unknown> {
    const fn = await this.load(handler);
    const name = this.functionName(handler);
    const deadline = Date.now() + TIMEOUT_MS;
    const requestId = randomUUID();
    return new Promise((resolve, reject) => {
      const done = (err: unknown, result?: unknown) => (err ? reject(err) : resolve(result));
      const context: Context = {
        callbackWaitsForEmptyEventLoop: true,
        functionName: name,
        functionVersion: '$LATEST',
        invokedFunctionArn: this.functionArn(handler),
        memoryLimitInMB: '1024',
        awsRequestId: requestId,
        logGroupName: `/aws/lambda/${name}`,
        logStreamName: `${new Date().toISOString().slice(0, 10).replaceAll('-', '/')}/[$LATEST]${requestId.replaceAll('-', '')}`,
        getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
        done: (err, result) => done(err, result),
        fail: (err) => reject(err),
        succeed: (result: unknown) => resolve(result),
      };
      try {
        const returned = fn(event, context, done);
        if (returned && typeof (returned as Promise<unknown>).then === 'function') {
          (returned as Promise<unknown>).then(resolve, reject);
        } else if (fn.length < 3) {
          resolve(returned);
        }
      } catch (err) {
        reject(err);
      }
    });
  }
}

import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, inject, it } from 'vitest';

/** Whether a TCP connection to host:port is accepted. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

describe('the local cloud', () => {
  it('listens on 127.0.0.1 only: DynamoDB Local, S3, the site, the HTTP and WebSocket gateways', async () => {
    const ports = [inject('dynamoEndpoint'), inject('s3Endpoint'), inject('apiUrl'), inject('wsUrl')].map(
      (url) => Number(new URL(url).port),
    );
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal && a.family === 'IPv4')
      .map((a) => a?.address as string);
    // This machine has a network interface other than loopback to try (CI machines have one).
    expect(external.length).toBeGreaterThan(0);
    for (const port of new Set(ports)) {
      expect(await accepts('127.0.0.1', port), `127.0.0.1:${port}`).toBe(true);
      for (const address of external) expect(await accepts(address, port), `${address}:${port}`).toBe(false);
    }
  });
});

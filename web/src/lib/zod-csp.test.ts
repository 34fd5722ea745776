import { afterEach, expect, test, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

// The CSP has no 'unsafe-eval'. zod's classic API compiles object parsers with `new Function` (and
// probes it first, which the browser reports as a violation even when caught) unless told
// `jitless`; zod/mini parses without compiling, so the app sets nothing. This holds it.
test('the zod/mini contracts are built and parse without ever calling new Function', async () => {
  const constructed = vi.fn();
  vi.stubGlobal(
    'Function',
    new Proxy(Function, {
      construct(target, args) {
        constructed(args);
        return Reflect.construct(target, args);
      },
    }),
  );
  // Loaded after the stub: this file's own module graph.
  const { loginRequest, registerVerifyRequest } = await import('@app/shared/schemas/auth');
  const { sendMessageRequest } = await import('@app/shared/schemas/chat');
  for (let i = 0; i < 3; i += 1) {
    expect(loginRequest.safeParse({ email: 'a@example.com', password: 'x' }).success).toBe(true);
    expect(loginRequest.safeParse({ email: 'nope', password: '' }).success).toBe(false);
    expect(registerVerifyRequest.safeParse({ email: 'a@example.com' }).success).toBe(false);
    expect(sendMessageRequest.safeParse({ chatroom_id: 'a_b', text: 'hi' }).success).toBe(false);
  }
  expect(constructed).not.toHaveBeenCalled();
});

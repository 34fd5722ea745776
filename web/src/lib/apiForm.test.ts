import { loginRequest, registerVerifyRequest } from '@app/shared/schemas/auth';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applyServerIssues, useApiForm } from './apiForm.ts';

describe('applyServerIssues', () => {
  it('puts each issue on its field, the first one of a field winning, with no form message', () => {
    const fields: [string, string][] = [];
    const rest = applyServerIssues(
      {
        code: 'validation',
        message: 'x',
        issues: [
          { path: 'username', message: 'validation.usernameTaken' },
          { path: 'username', message: 'validation.username' },
          { path: 'profile.nickname', message: 'validation.nickname' },
        ],
      },
      (path, key) => fields.push([path, key]),
    );
    expect(fields).toEqual([
      ['username', 'validation.usernameTaken'],
      ['profile.nickname', 'validation.nickname'],
    ]);
    expect(rest).toBeNull();
  });

  it('gives an issue without a field to the form, with the answer’s params', () => {
    const fields: string[] = [];
    const rest = applyServerIssues(
      {
        code: 'validation',
        message: 'x',
        issues: [{ path: '', message: 'validation.purchaseAmount' }],
        params: { min: 10 },
      },
      (path) => fields.push(path),
    );
    expect(fields).toEqual([]);
    expect(rest).toEqual({ key: 'validation.purchaseAmount', params: { min: 10 } });
  });

  it('falls back to the generic message when no field got one', () => {
    expect(applyServerIssues({ code: 'validation', message: 'x' }, () => {})).toEqual({
      key: 'errors.validation',
      params: undefined,
    });
  });
});

// The contracts are zod/mini schemas: the resolver must take them as it took the classic ones.
describe('useApiForm with a zod/mini contract', () => {
  it('refuses invalid values with the schema’s message keys on their fields, without calling', async () => {
    const { result } = renderHook(() => useApiForm(loginRequest, { email: 'not-an-email', password: '' }));
    const call = vi.fn();
    await act(() => result.current.submit(call, () => {})());
    expect(call).not.toHaveBeenCalled();
    expect(result.current.errorOf('email')).toBe('validation.email');
    expect(result.current.errorOf('password')).toBe('validation.required');
  });

  it('sends the schema’s output (normalised e-mail)', async () => {
    const { result } = renderHook(() =>
      useApiForm(loginRequest, { email: ' Ｆoo@Example.COM ', password: 'Kinoko#2026' }),
    );
    const call = vi.fn().mockResolvedValue({ ok: true, data: null });
    const onSuccess = vi.fn();
    await act(() => result.current.submit(call, onSuccess)());
    const sent = { email: 'foo@example.com', password: 'Kinoko#2026' };
    expect(call).toHaveBeenCalledWith(sent);
    expect(onSuccess).toHaveBeenCalledWith(null, sent);
  });

  it('places a refinement of an intersection on its path', async () => {
    const values = {
      email: 'a@example.com',
      code: '123456',
      password: 'Kinoko#2026',
      password_confirmation: 'Kinoko#2027',
    };
    const { result } = renderHook(() => useApiForm(registerVerifyRequest, values));
    await act(() => result.current.submit(vi.fn(), () => {})());
    expect(result.current.errorOf('password_confirmation')).toBe('validation.passwordMismatch');
  });
});

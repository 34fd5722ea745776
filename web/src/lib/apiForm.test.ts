import { describe, expect, it } from 'vitest';
import { applyServerIssues } from './apiForm.ts';

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

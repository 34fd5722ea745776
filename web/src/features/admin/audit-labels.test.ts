import { resources } from '@app/shared/i18n/index';
import { auditActions, auditTargetTypes } from '@app/shared/schemas/admin';
import { describe, expect, it } from 'vitest';

describe('the audit log names', () => {
  it('every action and target type in words, in both languages', () => {
    for (const lang of ['ja', 'en'] as const) {
      const { actions, targets } = resources[lang].admin.access.audit as {
        actions: Record<string, string>;
        targets: Record<string, string>;
      };
      expect(
        auditActions.filter((a) => !actions[a.replace('.', '_')]),
        lang,
      ).toEqual([]);
      expect(
        auditTargetTypes.filter((t) => !targets[t]),
        lang,
      ).toEqual([]);
    }
  });
});

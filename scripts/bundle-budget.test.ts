import { describe, expect, test } from 'vitest';
import { checkBudgets } from './bundle-budget.ts';

describe('checkBudgets', () => {
  const exceptions = { Big: { budgetKB: 900, measuredKB: 850, reason: 'test' } };

  test('a bundle over the default budget fails; at the budget it passes', () => {
    const { over, rows } = checkBudgets(
      [
        { handlerId: 'A', bytes: 300 * 1024 },
        { handlerId: 'B', bytes: 300 * 1024 + 1 },
      ],
      {},
      300,
    );
    expect(rows.map((r) => r.budgetKB)).toEqual([300, 300]);
    expect(over.map((r) => r.handlerId)).toEqual(['B']);
  });

  test('an exception has its own budget, and is still checked against it', () => {
    const within = checkBudgets([{ handlerId: 'Big', bytes: 850 * 1024 }], exceptions, 300);
    expect(within.over).toEqual([]);
    expect(within.rows[0]).toMatchObject({ budgetKB: 900, exception: true });
    const above = checkBudgets([{ handlerId: 'Big', bytes: 901 * 1024 }], exceptions, 300);
    expect(above.over.map((r) => r.handlerId)).toEqual(['Big']);
  });

  test('an exception for a bundle that is not built is reported as stale', () => {
    expect(checkBudgets([{ handlerId: 'A', bytes: 1 }], exceptions, 300).unusedExceptions).toEqual(['Big']);
  });
});

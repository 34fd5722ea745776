/**
 * The operator's details shown in the legal pages (terms, creator terms, commercial notice).
 *
 * PLACEHOLDERS: every value below is sample configuration, not a real business. The operator
 * replaces them with its own registered details before launch. Keep them here, in one object,
 * so the three legal pages never disagree.
 */
export const operator = {
  /** Registered company name (販売事業者). */
  companyName: { ja: '株式会社キノコ', en: 'Kinoko Inc.' },
  /** Person responsible for operations (運営統括責任者): the operator fills in a real name. */
  responsiblePerson: { ja: '［運営統括責任者の氏名］', en: '[Name of the person responsible]' },
  /** Registered address (所在地). */
  address: { ja: '［〒000-0000 東京都〇〇区〇〇 0-0-0］', en: '[0-0-0 ---, ---ku, Tokyo 000-0000, Japan]' },
  /** Contact e-mail address; example.com is reserved for documentation. */
  email: 'support@example.com',
  /** Court with exclusive jurisdiction in the first instance. */
  court: { ja: '東京地方裁判所', en: 'Tokyo District Court' },
  /** Date the current terms take effect (ISO date, Japan time). */
  termsEffectiveDate: '2026-12-01',
} as const;

export type Operator = typeof operator;

import { type BusinessConfig, businessConfig, type Language } from '@app/shared/config';
import { operatorDetails } from '../../lib/config.ts';
import { legalPolicy } from './policy.ts';

type Widen<T> = T extends number
  ? number
  : T extends string
    ? string
    : T extends object
      ? { readonly [K in keyof T]: Widen<T[K]> }
      : T;

/**
 * The part of `businessConfig` the legal texts quote, with its literal types widened so a test
 * (or a preview) can pass other values. Pages default to `businessConfig`.
 */
export type LegalConfig = Widen<
  Pick<BusinessConfig, 'points' | 'rewards' | 'withdrawal' | 'chat' | 'limits'>
> & {
  readonly timeZone: string;
};

export const defaultLegalConfig: LegalConfig = businessConfig;

/**
 * Interpolation values for every `{{placeholder}}` in the `legal` namespace, formatted for the
 * language. React escapes the output, so i18next's own HTML escaping is turned off here
 * (otherwise "/" and "&" in operator data would show as entities).
 */
export function legalParams(config: LegalConfig, lang: Language) {
  const locale = lang === 'ja' ? 'ja-JP' : 'en-US';
  const num = new Intl.NumberFormat(locale);
  const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const operator = operatorDetails();
  const [y = 1970, m = 1, d = 1] = operator.termsEffectiveDate.split('-').map(Number);
  // Noon UTC is the same calendar day in Japan, whatever the machine's time zone.
  const effective = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: config.timeZone }).format(
    new Date(Date.UTC(y, m - 1, d, 12)),
  );
  const { points, rewards, withdrawal, chat, limits } = config;
  return {
    yenPerMushroom: num.format(points.yenPerMushroom),
    lotDays: num.format(points.lotDays),
    purchaseMin: num.format(points.purchaseMinMushrooms),
    purchaseMax: num.format(points.purchaseMaxMushrooms),
    dailyYenCap: num.format(points.dailyYenCap),
    minorCapLower: num.format(points.minorMonthlyYenCapUnder16),
    minorCapUpper: num.format(points.minorMonthlyYenCap16To17),
    adultAge: num.format(legalPolicy.adultAge),
    minorTierAge: num.format(legalPolicy.minorLowerTierAge),
    refundDays: num.format(legalPolicy.systemFaultRefundDays),
    fanClubCancelHours: num.format(legalPolicy.fanClubCancelHours),
    chatRate: pct.format(rewards.chatRate),
    productRate: pct.format(rewards.productRate),
    subscriptionRate: pct.format(rewards.subscriptionRate),
    giftRate: pct.format(rewards.giftRate),
    freePointRate: pct.format(rewards.freePointRate),
    withdrawalMinimum: num.format(withdrawal.minimumYen),
    transferFee: num.format(withdrawal.transferFeeYen),
    cutoffDay: dayOfMonth(withdrawal.cutoffDay, lang),
    transferDay: dayOfMonth(withdrawal.transferDay, lang),
    chatMinimumCost: num.format(chat.minimumCostMushrooms),
    chatUpdateTime: chat.dailyUpdateTimeJst,
    accountNumberLength: num.format(limits.accountNumberLength),
    itemPriceUnit: num.format(limits.itemPriceUnitYen),
    triggerLimit: num.format(limits.triggerBroadcasts),
    scheduledLimit: num.format(limits.scheduledBroadcasts),
    operatorName: operator.companyName[lang],
    responsiblePerson: operator.responsiblePerson[lang],
    operatorAddress: operator.address[lang],
    operatorEmail: operator.email,
    court: operator.court[lang],
    effectiveDate: effective,
    interpolation: { escapeValue: false },
  };
}

const ordinalSuffix = { one: 'st', two: 'nd', few: 'rd', other: 'th', zero: 'th', many: 'th' } as const;
const enOrdinal = new Intl.PluralRules('en-US', { type: 'ordinal' });

/** A day of the month as the text puts it: '25' in Japanese ('25日'), '25th' in English ('the 25th'). */
export function dayOfMonth(day: number, lang: Language): string {
  return lang === 'ja' ? String(day) : `${day}${ordinalSuffix[enOrdinal.select(day)]}`;
}

export type LegalParams = ReturnType<typeof legalParams>;

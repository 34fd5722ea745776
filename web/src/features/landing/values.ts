import { type BusinessConfig, businessConfig, type Language } from '@app/shared/config';

type Widen<T> = T extends number
  ? number
  : T extends string
    ? string
    : T extends object
      ? { readonly [K in keyof T]: Widen<T[K]> }
      : T;

/** The part of `businessConfig` the landing pages quote, widened so tests can pass other values. */
export type LandingConfig = Widen<
  Pick<BusinessConfig, 'points' | 'rewards' | 'withdrawal' | 'chat' | 'limits'>
>;

export const defaultLandingConfig: LandingConfig = businessConfig;

const ordinalSuffix = { one: 'st', two: 'nd', few: 'rd', other: 'th', zero: 'th', many: 'th' } as const;
const enOrdinal = new Intl.PluralRules('en-US', { type: 'ordinal' });

function dayOfMonth(day: number, lang: Language): string {
  return lang === 'ja' ? String(day) : `${day}${ordinalSuffix[enOrdinal.select(day)]}`;
}

/** Interpolation values for every `{{placeholder}}` in the `landing` namespace. */
export function landingParams(config: LandingConfig, lang: Language) {
  const locale = lang === 'ja' ? 'ja-JP' : 'en-US';
  const num = new Intl.NumberFormat(locale);
  const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const { points, rewards, withdrawal, chat, limits } = config;
  return {
    yenPerMushroom: num.format(points.yenPerMushroom),
    lotDays: num.format(points.lotDays),
    chatRate: pct.format(rewards.chatRate),
    productRate: pct.format(rewards.productRate),
    subscriptionRate: pct.format(rewards.subscriptionRate),
    giftRate: pct.format(rewards.giftRate),
    freePointRate: pct.format(rewards.freePointRate),
    chatMinimumCost: num.format(chat.minimumCostMushrooms),
    triggerLimit: num.format(limits.triggerBroadcasts),
    scheduledLimit: num.format(limits.scheduledBroadcasts),
    cutoffDay: dayOfMonth(withdrawal.cutoffDay, lang),
    transferDay: dayOfMonth(withdrawal.transferDay, lang),
    withdrawalMinimum: num.format(withdrawal.minimumYen),
    transferFee: num.format(withdrawal.transferFeeYen),
    // React escapes the output; i18next's HTML escaping would double it.
    interpolation: { escapeValue: false },
  };
}

export type LandingParams = ReturnType<typeof landingParams>;

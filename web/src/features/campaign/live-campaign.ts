/**
 * The registration campaign on the public pages (the sign-up hint, the creators' landing page,
 * the creator terms): always the live one from the campaign table, never the configuration's
 * figure. Until it is known, and when none runs, the pages show a wording without a figure.
 */
import { businessConfig, type Language } from '@app/shared/config';
import type { RegistrationCampaignView } from '@app/shared/schemas/campaign';
import { useEffect, useState } from 'react';
import { getRegistrationCampaign } from './api/registrationCampaign.ts';

/** Undefined: not known yet (or the call failed); null: no campaign runs. */
export type LiveCampaign = RegistrationCampaignView | null | undefined;

/** The rate and the last day (JST; `ends_at` is exclusive) as the page's language writes them. */
export function campaignFigures(campaign: RegistrationCampaignView, lang: Language) {
  const locale = lang === 'ja' ? 'ja-JP' : 'en-US';
  const endsAt = new Intl.DateTimeFormat(locale, {
    timeZone: businessConfig.timeZone,
    dateStyle: 'long',
  }).format(new Date(Date.parse(campaign.ends_at) - 1));
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    campaign.rate_percent / 100,
  );
  return { rate, endsAt };
}

/** Placeholders a wording keeps until the figures are known (filled by `fillFigures`). */
export const FIGURE_PLACEHOLDERS = { rate: '{{rate}}', endsAt: '{{endsAt}}' } as const;

/** What the hidden wording holds in the figures' places while they are not known. */
export const FIGURE_FILLERS = { rate: '—', endsAt: '—' } as const;

export function fillFigures(template: string, figures: { rate: string; endsAt: string }): string {
  return template
    .replaceAll(FIGURE_PLACEHOLDERS.rate, figures.rate)
    .replaceAll(FIGURE_PLACEHOLDERS.endsAt, figures.endsAt);
}

/** One answer per page for `cacheSeconds` (the server's cache and the browser's keep it as long). */
let loaded: { at: number; answer: Promise<LiveCampaign> } | null = null;

export function loadRegistrationCampaign(now = Date.now()): Promise<LiveCampaign> {
  if (loaded && now - loaded.at < businessConfig.admin.catalog.cacheSeconds * 1000) return loaded.answer;
  const answer = getRegistrationCampaign().then(
    (result) => (result?.ok ? result.data.campaign : undefined),
    () => undefined,
  );
  loaded = { at: now, answer };
  // A failed call is not kept: the next page asks again.
  void answer.then((campaign) => {
    if (campaign === undefined && loaded?.answer === answer) loaded = null;
  });
  return answer;
}

/** Tests: forget the answer. */
export function forgetRegistrationCampaign(): void {
  loaded = null;
}

/** The live campaign for a component: undefined until the answer comes. */
export function useRegistrationCampaign(): LiveCampaign {
  const [campaign, setCampaign] = useState<LiveCampaign>(undefined);
  useEffect(() => {
    let current = true;
    void loadRegistrationCampaign().then((answer) => {
      if (current) setCampaign(answer);
    });
    return () => {
      current = false;
    };
  }, []);
  return campaign;
}

/**
 * The pre-rendered pages' live campaign (lib/static-page.ts loads this when a page has one): the
 * markup of `LiveCampaignText`, rendered with its neutral wording, gets the live figures.
 */
import { isLanguage } from '../../lib/lang.ts';
import { campaignFigures, fillFigures, loadRegistrationCampaign } from './live-campaign.ts';

export async function fillLiveCampaign(doc: Document): Promise<void> {
  const campaign = await loadRegistrationCampaign();
  if (campaign === undefined) return; // unknown: the neutral wording stays
  const lang = isLanguage(doc.documentElement.lang) ? doc.documentElement.lang : 'ja';
  for (const box of doc.querySelectorAll<HTMLElement>('[data-live-campaign]')) {
    const running = box.querySelector<HTMLElement>('[data-running]');
    if (campaign && running) {
      running.textContent = fillFigures(running.dataset.running ?? '', campaignFigures(campaign, lang));
      box.dataset.liveCampaign = 'running';
    } else box.dataset.liveCampaign = 'none';
  }
}

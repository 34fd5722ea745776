import type { Language } from '@app/shared/config';
import {
  campaignFigures,
  FIGURE_FILLERS,
  FIGURE_PLACEHOLDERS,
  fillFigures,
  useRegistrationCampaign,
} from '../live-campaign.ts';
import '../live-campaign.css';

interface Props {
  lang: Language;
  /** The wording with the figures, as its catalogue writes it with `{{rate}}` and `{{endsAt}}`. */
  running: (placeholders: typeof FIGURE_PLACEHOLDERS) => string;
  /** The wording without a figure: while the campaign is not known yet, and when none runs. */
  neutral: string;
  className?: string;
}

/**
 * A wording about the registration campaign: the neutral one first, the live figures once known.
 * Both wordings share one grid cell, the hidden one kept for its size, so the page does not move
 * when the answer comes. The pre-rendered pages carry the same markup: `static-campaign.ts` fills
 * it from the template in `data-running`.
 */
export function LiveCampaignText({ lang, running, neutral, className }: Props) {
  const campaign = useRegistrationCampaign();
  const template = running(FIGURE_PLACEHOLDERS);
  // Hidden until known: the figures' places hold dashes (no figure, not even a hidden one).
  const state = campaign === undefined ? 'unknown' : campaign ? 'running' : 'none';
  return (
    <span className={`live-campaign${className ? ` ${className}` : ''}`} data-live-campaign={state}>
      <span className="live-campaign__running" data-running={template}>
        {fillFigures(template, campaign ? campaignFigures(campaign, lang) : FIGURE_FILLERS)}
      </span>
      <span className="live-campaign__neutral">{neutral}</span>
    </span>
  );
}

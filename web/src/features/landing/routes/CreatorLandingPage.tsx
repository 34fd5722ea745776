import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LiveCampaignText } from '../../campaign/components/LiveCampaignText.tsx';
import { LandingFooter } from '../components/LandingFooter.tsx';
import { toLanguage, useLocalePath } from '../locale-path.ts';
import { defaultLandingConfig, landingParams } from '../values.ts';
import type { LandingPageProps } from './LandingPage.tsx';
import '../landing.css';

const earnings = ['chat', 'shop', 'fanClub', 'gift'] as const;

function Actions() {
  const { t } = useTranslation('landing');
  const to = useLocalePath();
  return (
    <div className="landing-actions">
      <Link className="landing-button landing-button-primary" to={to('/creator/register')}>
        {t('creator.hero.register')}
      </Link>
      <Link className="landing-button landing-button-secondary" to={to('/creator/login')}>
        {t('creator.hero.login')}
      </Link>
    </div>
  );
}

/** `/creator`: what creators, casts and organizations earn, with register and login buttons. */
export function CreatorLandingPage({ config = defaultLandingConfig }: LandingPageProps) {
  const { t, i18n } = useTranslation('landing');
  const to = useLocalePath();
  const params = landingParams(config, toLanguage(i18n.language));
  return (
    <div className="landing-page">
      <section className="landing-hero" aria-labelledby="landing-creator-title">
        <p className="landing-eyebrow">{t('creator.hero.eyebrow')}</p>
        <h1 id="landing-creator-title" className="landing-title">
          {t('creator.hero.title')}
        </h1>
        <p className="landing-lead">{t('creator.hero.lead')}</p>
        <Actions />
        <p className="landing-note">
          <Link to={to('/creator/login/cast')}>{t('creator.hero.castLogin')}</Link>
        </p>
      </section>

      <section className="landing-section" aria-labelledby="landing-creator-earn">
        <h2 id="landing-creator-earn" className="landing-heading">
          {t('creator.earn.heading')}
        </h2>
        <p>{t('creator.earn.lead')}</p>
        <ul className="landing-cards">
          {earnings.map((key) => (
            <li key={key} className="landing-card">
              <h3 className="landing-card-title">{t(`creator.earn.${key}.title`)}</h3>
              <p className="landing-rate">
                <span className="landing-rate-label">{t('creator.earn.rateLabel')}</span>{' '}
                <strong className="landing-rate-value">{t(`creator.earn.${key}.rate`, params)}</strong>
              </p>
              <p>{t(`creator.earn.${key}.body`, params)}</p>
              {key === 'chat' ? (
                <p>
                  <LiveCampaignText
                    lang={toLanguage(i18n.language)}
                    running={(figures) => t('creator.earn.chat.campaign', figures)}
                    neutral={t('creator.earn.chat.campaignNeutral')}
                  />
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        <p className="landing-note">{t('creator.earn.note', params)}</p>
      </section>

      <section className="landing-section" aria-labelledby="landing-creator-broadcast">
        <h2 id="landing-creator-broadcast" className="landing-heading">
          {t('creator.broadcast.heading')}
        </h2>
        <p>{t('creator.broadcast.body', params)}</p>
      </section>

      <section className="landing-section" aria-labelledby="landing-creator-withdrawal">
        <h2 id="landing-creator-withdrawal" className="landing-heading">
          {t('creator.withdrawal.heading')}
        </h2>
        <p>{t('creator.withdrawal.body', params)}</p>
        <dl className="landing-facts">
          <div>
            <dt>{t('creator.withdrawal.minimumLabel')}</dt>
            <dd>{t('creator.withdrawal.minimum', params)}</dd>
          </div>
          <div>
            <dt>{t('creator.withdrawal.feeLabel')}</dt>
            <dd>{t('creator.withdrawal.fee', params)}</dd>
          </div>
        </dl>
      </section>

      <section className="landing-section" aria-labelledby="landing-creator-organization">
        <h2 id="landing-creator-organization" className="landing-heading">
          {t('creator.organization.heading')}
        </h2>
        <p>{t('creator.organization.body')}</p>
      </section>

      <section className="landing-section landing-final" aria-labelledby="landing-creator-final">
        <h2 id="landing-creator-final" className="landing-heading">
          {t('creator.finalCta.heading')}
        </h2>
        <Actions />
        <p className="landing-note">
          {t('creator.finalCta.termsNote')}{' '}
          <Link to={to('/creator/terms')}>{t('creator.finalCta.termsLink')}</Link>
        </p>
      </section>

      <LandingFooter audience="creator" />
    </div>
  );
}

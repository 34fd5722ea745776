import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LandingFooter } from '../components/LandingFooter.tsx';
import { toLanguage, useLocalePath } from '../locale-path.ts';
import { defaultLandingConfig, type LandingConfig, landingParams } from '../values.ts';
import '../landing.css';

const features = ['chat', 'stamps', 'fanClub', 'shop'] as const;
const safety = ['block', 'mute', 'report'] as const;

export interface LandingPageProps {
  /** Business values quoted by the page; defaults to `businessConfig`. */
  config?: LandingConfig;
}

/** `/`: what the product is for fans, with the LINE login call to action. */
export function LandingPage({ config = defaultLandingConfig }: LandingPageProps) {
  const { t, i18n } = useTranslation('landing');
  const to = useLocalePath();
  const params = landingParams(config, toLanguage(i18n.language));
  return (
    <div className="landing-page">
      <section className="landing-hero" aria-labelledby="landing-fan-title">
        <p className="landing-eyebrow">{t('fan.hero.eyebrow')}</p>
        <h1 id="landing-fan-title" className="landing-title">
          {t('fan.hero.title')}
        </h1>
        <p className="landing-lead">{t('fan.hero.lead')}</p>
        <div className="landing-actions">
          <Link className="landing-button landing-button-line" to={to('/user/login')}>
            {t('fan.hero.cta')}
          </Link>
        </div>
        <p className="landing-note">{t('fan.hero.ctaNote')}</p>
        <p className="landing-note">
          <Link to={to('/creator')}>{t('fan.hero.creatorLink')}</Link>
        </p>
      </section>

      <section className="landing-section" aria-labelledby="landing-fan-features">
        <h2 id="landing-fan-features" className="landing-heading">
          {t('fan.features.heading')}
        </h2>
        <ul className="landing-cards">
          {features.map((key) => (
            <li key={key} className="landing-card">
              <h3 className="landing-card-title">{t(`fan.features.${key}.title`)}</h3>
              <p>{t(`fan.features.${key}.body`, params)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-section" aria-labelledby="landing-fan-points">
        <h2 id="landing-fan-points" className="landing-heading">
          {t('fan.points.heading')}
        </h2>
        <p>{t('fan.points.lead')}</p>
        <dl className="landing-facts">
          <div>
            <dt>{t('fan.points.priceLabel')}</dt>
            <dd>{t('fan.points.price', params)}</dd>
          </div>
          <div>
            <dt>{t('fan.points.validityLabel')}</dt>
            <dd>{t('fan.points.validity', params)}</dd>
          </div>
          <div>
            <dt>{t('fan.points.paymentLabel')}</dt>
            <dd>{t('fan.points.payment')}</dd>
          </div>
        </dl>
        <p className="landing-note">{t('fan.points.leaf')}</p>
      </section>

      <section className="landing-section" aria-labelledby="landing-fan-safety">
        <h2 id="landing-fan-safety" className="landing-heading">
          {t('fan.safety.heading')}
        </h2>
        <ul className="landing-cards">
          {safety.map((key) => (
            <li key={key} className="landing-card">
              <h3 className="landing-card-title">{t(`fan.safety.${key}.title`)}</h3>
              <p>{t(`fan.safety.${key}.body`)}</p>
            </li>
          ))}
        </ul>
        <p className="landing-note">{t('fan.safety.rules')}</p>
      </section>

      <section className="landing-section landing-final" aria-labelledby="landing-fan-final">
        <h2 id="landing-fan-final" className="landing-heading">
          {t('fan.finalCta.heading')}
        </h2>
        <div className="landing-actions">
          <Link className="landing-button landing-button-line" to={to('/user/login')}>
            {t('fan.finalCta.cta')}
          </Link>
        </div>
      </section>

      <LandingFooter audience="fan" />
    </div>
  );
}

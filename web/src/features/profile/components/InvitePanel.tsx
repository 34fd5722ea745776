import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useCopyLink } from '../../../lib/copy-link.ts';
import { invitationUrl, profilePath } from '../paths.ts';

/** The invitation link page: the link, a copy action and its QR code (drawn here as SVG, no network). */
export function InvitePanel({
  username,
  nickname,
  self,
}: {
  username: string;
  nickname: string;
  self: boolean;
}) {
  const { t } = useTranslation();
  const link = invitationUrl(window.location.origin, username);
  const { notice, copy } = useCopyLink(
    link,
    'social.profile.invite.copied',
    'social.profile.invite.unsupported',
  );
  return (
    <section className="invite" aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="section-title">
        {t('social.profile.invite.heading')}
      </h2>
      <p className="small muted">
        {self ? t('social.profile.invite.lead') : t('social.profile.invite.leadOther', { nickname })}
      </p>
      <p className="visually-hidden" id="invite-label">
        {t('social.profile.invite.label')}
      </p>
      <a className="invite__link break" href={link} aria-describedby="invite-label" data-testid="invite-link">
        {link}
      </a>
      <Button variant="secondary" className="btn--block" onClick={copy}>
        {t('social.profile.invite.copy')}
      </Button>
      <div aria-live="polite" className="invite__notice">
        {notice ? <Alert kind={notice.kind}>{t(notice.key)}</Alert> : null}
      </div>
      <figure className="invite__qr">
        <QRCodeSVG
          value={link}
          size={184}
          marginSize={2}
          role="img"
          aria-label={t('social.profile.invite.qr')}
          title={t('social.profile.invite.qr')}
        />
      </figure>
      <p className="invite__back">
        <LangLink to={profilePath(username)}>{t('social.profile.invite.back')}</LangLink>
      </p>
    </section>
  );
}

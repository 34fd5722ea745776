import { ROLE } from '@app/shared/roles';
import type { OriginalPointsResponse } from '@app/shared/schemas/points';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useCopyLink } from '../../../lib/copy-link.ts';
import { queryErrorKey } from '../../../lib/query.ts';
import { useAccount } from '../../mypage/account-store.ts';
import { invitationUrl } from '../../profile/paths.ts';
import { useHistory, useOriginalPoints } from '../cache.ts';
import { BalanceSummary } from '../components/BalanceSummary.tsx';
import { formatDate, formatNumber } from '../format.ts';

function InvitationLink({ username }: { username: string | null }) {
  const { t } = useTranslation();
  const link = username ? invitationUrl(window.location.origin, username) : '';
  const { notice, copy } = useCopyLink(
    link,
    'points.easyProfile.invitation.copied',
    'points.easyProfile.invitation.unsupported',
  );
  if (!username) {
    return <p className="muted">{t('points.easyProfile.invitation.needUsername')}</p>;
  }
  return (
    <>
      <p className="small muted">{t('points.easyProfile.invitation.lead')}</p>
      <p className="visually-hidden" id="invitation-label">
        {t('points.easyProfile.invitation.label')}
      </p>
      <a className="ez-link" href={link} aria-describedby="invitation-label">
        {link}
      </a>
      <Button variant="secondary" className="btn--block" onClick={copy}>
        {t('points.easyProfile.invitation.copy')}
      </Button>
      <div aria-live="polite" className="ez-notice">
        {notice ? <Alert kind={notice.kind}>{t(notice.key)}</Alert> : null}
      </div>
    </>
  );
}

function OriginalPoints({ data, failed }: { data: OriginalPointsResponse | null; failed: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  if (!data) return failed ? null : <Spinner />;
  if (data.issuers.length === 0) return <p className="muted">{t('points.easyProfile.original.none')}</p>;
  return (
    <ul className="issuers">
      {data.issuers.map(({ issuer, points, nearest_expires_at }) => {
        const name = issuer.nickname ?? issuer.username ?? t('points.easyProfile.original.unknownIssuer');
        return (
          <li key={issuer.id}>
            <span className="issuers__name">
              {issuer.username ? <LangLink to={`/@${issuer.username}`}>{name}</LangLink> : name}
            </span>
            <span className="issuers__points">
              {t('points.easyProfile.original.points', { points: formatNumber(lang, points) })}
            </span>
            <span className="issuers__expiry">
              {t('points.easyProfile.original.expires', { date: formatDate(lang, nearest_expires_at) })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function EasyProfile() {
  const { t } = useTranslation();
  const account = useAccount();
  const history = useHistory('all');
  const originalsQuery = useOriginalPoints();
  const balance = history.data?.pages[0]?.balance ?? null;
  const originals = originalsQuery.data ?? null;
  const error = queryErrorKey(history.error ?? originalsQuery.error)?.key ?? null;

  const profile = account.data?.profile;
  const name = profile?.nickname ?? '';
  const isCreator = profile ? profile.role_id !== ROLE.FAN : false;
  return (
    <section className="page" aria-labelledby="ez-heading">
      <h1 id="ez-heading" className="page__title">
        {t('points.easyProfile.heading')}
      </h1>
      <Alert kind="error">{account.error ? t(account.error) : error ? t(error) : null}</Alert>
      {profile ? (
        <div className="ez-profile__head">
          {profile.profile_image ? (
            <img className="ez-profile__avatar" src={profile.profile_image} alt="" />
          ) : (
            <span className="ez-profile__avatar" aria-hidden="true">
              {name.slice(0, 1) || '?'}
            </span>
          )}
          <div>
            <p className="ez-profile__name">{name || t('points.easyProfile.noName')}</p>
            {profile.username ? <p className="ez-profile__user">@{profile.username}</p> : null}
          </div>
        </div>
      ) : account.error ? null : (
        <Spinner />
      )}
      {isCreator ? (
        <section className="ez-card" aria-labelledby="ez-invitation">
          <h2 id="ez-invitation">{t('points.easyProfile.invitation.heading')}</h2>
          <InvitationLink username={profile?.username ?? null} />
        </section>
      ) : null}
      {balance ? (
        <BalanceSummary balance={balance}>
          <div className="balance__actions">
            {isCreator ? null : (
              <LangLink to="/store" className="btn btn--primary">
                {t('points.easyProfile.links.store')}
              </LangLink>
            )}
            <LangLink to="/mypage/points" className="btn btn--secondary">
              {t('points.easyProfile.links.history')}
            </LangLink>
          </div>
        </BalanceSummary>
      ) : error ? null : (
        <Spinner />
      )}
      <section className="ez-card" aria-labelledby="ez-original">
        <h2 id="ez-original">{t('points.easyProfile.original.heading')}</h2>
        <p className="small muted">{t('points.easyProfile.original.lead')}</p>
        <OriginalPoints data={originals} failed={error !== null} />
      </section>
      <ul className="link-list">
        <li>
          <LangLink to="/mypage/account">{t('points.easyProfile.links.account')}</LangLink>
        </li>
      </ul>
    </section>
  );
}

/** /mypage/easy-profile: name, the creator's invitation link, owned points by kind and by issuer. */
export default function EasyProfilePage() {
  return (
    <RequireAuth>
      <EasyProfile />
    </RequireAuth>
  );
}

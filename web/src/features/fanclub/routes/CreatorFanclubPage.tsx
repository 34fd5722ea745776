/**
 * The creator's /home/fanclub: the fan club's summary (members, price, open or paused), the entry
 * to its posts, the settings form, the business setting that allows re-view of back numbers, and
 * the member list last (it grows page by page). Before the fan club exists: what it is, and the form that creates it.
 */
import { businessConfig } from '@app/shared/config';
import type {
  FanclubSettingResponse,
  FanclubSettingView,
  MemberListResponse,
} from '@app/shared/schemas/fanclub';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { queryClient, queryErrorKey } from '../../../lib/query.ts';
import { useAuth } from '../../../lib/session.ts';
import { formatNumber } from '../../points/format.ts';
import { fanclubKeys, useFanclubSetting, useMembers } from '../cache.ts';
import { FanclubSettingForm } from '../components/FanclubSettingForm.tsx';
import { MemberList } from '../components/MemberList.tsx';
import '../fanclub.css';

function Summary({
  fanclub,
  counts,
}: {
  fanclub: FanclubSettingView;
  counts: MemberListResponse['counts'] | null;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const n = (count: number) => formatNumber(lang, count);
  return (
    <section className="fanclub-card" aria-labelledby="fanclub-summary">
      <h2 id="fanclub-summary">{t('fanclub.summary.heading')}</h2>
      <p className="fanclub-home__name">{fanclub.name}</p>
      <dl className="fanclub-summary">
        <div>
          <dt>{t('fanclub.summary.members')}</dt>
          <dd data-testid="fanclub-members">
            {t('fanclub.summary.membersValue', { count: fanclub.members, n: n(fanclub.members) })}
          </dd>
        </div>
        <div>
          <dt>{t('fanclub.summary.price')}</dt>
          <dd data-testid="fanclub-price">{t('fanclub.summary.priceValue', { price: n(fanclub.price) })}</dd>
        </div>
        <div>
          <dt>{t('fanclub.summary.state')}</dt>
          <dd>
            <span className={`fanclub-badge fanclub-badge--${fanclub.is_open ? 'open' : 'closed'}`}>
              {t(fanclub.is_open ? 'fanclub.summary.open' : 'fanclub.summary.closed')}
            </span>
          </dd>
        </div>
        {counts ? (
          <>
            <div>
              <dt>{t('fanclub.summary.autoRenewOff')}</dt>
              <dd data-testid="fanclub-auto-off">
                {t('fanclub.summary.people', { count: counts.auto_renew_off, n: n(counts.auto_renew_off) })}
              </dd>
            </div>
            <div>
              <dt>{t('fanclub.summary.pastDue')}</dt>
              <dd data-testid="fanclub-past-due">
                {t('fanclub.summary.people', { count: counts.past_due, n: n(counts.past_due) })}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      {counts && !counts.complete ? (
        <p className="field__hint">
          {t('fanclub.summary.partial', { n: n(businessConfig.fanclub.memberCountMax) })}
        </p>
      ) : null}
    </section>
  );
}

export default function CreatorFanclubPage() {
  const { t } = useTranslation();
  const me = useAuth().profile?.id ?? '';
  const setting = useFanclubSetting();
  const fanclub = setting.data?.fanclub ?? null;
  const members = useMembers(me, Boolean(fanclub) && me !== '');
  const [created, setCreated] = useState(false);
  const loadError = queryErrorKey(setting.error) ?? queryErrorKey(members.error);
  const rows = members.data?.pages.flatMap((p) => p.members) ?? null;
  const counts = members.data?.pages[0]?.counts ?? null;

  const onSaved = (res: FanclubSettingResponse, isNew: boolean) => {
    queryClient.setQueryData(fanclubKeys.setting, res);
    if (isNew) setCreated(true);
  };

  return (
    <section className="page fanclub-home" aria-labelledby="fanclub-home-heading">
      <h1 id="fanclub-home-heading" className="page__title">
        {t('fanclub.title')}
      </h1>
      <p className="muted">{t('fanclub.lead')}</p>
      {loadError ? <Alert kind="error">{t(loadError.key, loadError.params ?? {})}</Alert> : null}
      <div aria-live="polite">
        {created ? <Alert kind="success">{t('fanclub.form.created')}</Alert> : null}
      </div>
      {!setting.data ? (
        loadError ? null : (
          <Spinner />
        )
      ) : fanclub === null ? (
        <>
          <section className="fanclub-card fanclub-empty" aria-labelledby="fanclub-empty">
            <h2 id="fanclub-empty">{t('fanclub.empty.heading')}</h2>
            <p>{t('fanclub.empty.body')}</p>
          </section>
          <div className="fanclub-card">
            <FanclubSettingForm key="create" fanclub={null} onSaved={onSaved} />
          </div>
        </>
      ) : (
        <>
          <Summary fanclub={fanclub} counts={counts} />
          <section className="fanclub-card" aria-labelledby="fanclub-posts">
            <h2 id="fanclub-posts">{t('fanclub.posts.heading')}</h2>
            <p>{t('fanclub.posts.body')}</p>
            <LangLink className="btn btn--primary btn--block" to="/home/fanclub/posts">
              {t('fanclub.posts.link')}
            </LangLink>
          </section>
          <div className="fanclub-card">
            <FanclubSettingForm key="edit" fanclub={fanclub} onSaved={onSaved} />
          </div>
          <section className="fanclub-card fanclub-backnumbers">
            <p>{t('fanclub.backNumbers.body')}</p>
            <LangLink to="/mypage/businessSetting/base">{t('fanclub.backNumbers.link')}</LangLink>
          </section>
          <section className="fanclub-card" aria-labelledby="fanclub-members">
            <h2 id="fanclub-members">{t('fanclub.members.heading')}</h2>
            {rows === null ? loadError ? null : <Spinner /> : <MemberList members={rows} query={members} />}
          </section>
        </>
      )}
    </section>
  );
}

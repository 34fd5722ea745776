/** The creator's members (current ones first, then ended ones), with "show more". */
import type { MemberRowView } from '@app/shared/schemas/fanclub';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { formatJstDate } from '../../business/format.ts';
import { formatDate } from '../../points/format.ts';

function MemberRow({ m }: { m: MemberRowView }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const name = m.fan.nickname ?? t('fanclub.members.unknown');
  return (
    <li className="fanclub-member" data-testid="fanclub-member">
      <div className="fanclub-member__head">
        <Avatar peer={{ id: m.fan.id, nickname: name, profile_image: m.fan.avatar_url }} size={40} />
        <p className="fanclub-member__name">{name}</p>
        <span className={`fanclub-badge fanclub-badge--${m.status}`}>
          {t(`fanclub.members.status.${m.status}`)}
        </span>
      </div>
      <dl className="fanclub-member__facts">
        <div>
          <dt>{t('fanclub.members.joined')}</dt>
          <dd>{formatDate(lang, m.joined_at)}</dd>
        </div>
        <div>
          <dt>{t('fanclub.members.renewsOn')}</dt>
          <dd>{m.renews_on ? formatJstDate(lang, m.renews_on) : t('fanclub.members.noRenewal')}</dd>
        </div>
        <div>
          <dt>{t('fanclub.members.autoRenew')}</dt>
          <dd>{t(m.auto_renew ? 'fanclub.members.on' : 'fanclub.members.off')}</dd>
        </div>
        <div>
          <dt>{t('fanclub.members.monthsPaid')}</dt>
          <dd>{t('fanclub.members.months', { count: m.months_paid })}</dd>
        </div>
      </dl>
    </li>
  );
}

export function MemberList({
  members,
  query,
}: {
  members: MemberRowView[];
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  const { t } = useTranslation();
  if (members.length === 0) return <p className="fanclub-home__empty">{t('fanclub.members.empty')}</p>;
  return (
    <>
      <ul className="fanclub-members" aria-label={t('fanclub.members.listLabel')}>
        {members.map((m) => (
          <MemberRow key={m.fan.id} m={m} />
        ))}
      </ul>
      <LoadMore
        query={query}
        className="fanclub-home__more"
        label={t('fanclub.members.more')}
        busyLabel={t('fanclub.members.loadingMore')}
      />
    </>
  );
}

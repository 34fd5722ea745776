import { businessConfig } from '@app/shared/config';
import type { PurchaseLogEntry } from '@app/shared/schemas/shop';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { hasSession } from '../../../lib/session.ts';
import { formatDateTime } from '../../points/format.ts';
import { getRecentPurchaseLogs } from '../api/shop.ts';

const SIZE = businessConfig.shop.purchaseLogSize;

/** A pushed entry joins the list once (a push and a re-read may bring the same), newest first. */
export function mergeEntries(list: PurchaseLogEntry[], added: PurchaseLogEntry[]): PurchaseLogEntry[] {
  const byId = new Map(list.map((e) => [e.id, e]));
  for (const e of added) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => (a.id < b.id ? 1 : -1)).slice(0, SIZE);
}

/**
 * The creator's realtime purchase log: the latest sales (item, buyer or "anonymous", time).
 * Signed-in viewers follow it live: the tab's socket says which profile it watches and new sales
 * arrive as `purchase_log` pushes; after a reconnect (`synced`) the list is read again. The
 * realtime client is imported only with a session (public pages never load it).
 */
export function PurchaseLog({ creatorId, username }: { creatorId: string; username: string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [logs, setLogs] = useState<PurchaseLogEntry[] | null>(null);

  useEffect(() => {
    let live = true;
    const read = () =>
      getRecentPurchaseLogs(username)
        .then((r) => {
          if (live && r?.ok) setLogs((prev) => mergeEntries(prev ?? [], r.data.logs));
        })
        .catch(() => {
          if (live) setLogs((prev) => prev ?? []);
        });
    void read();
    let stop = () => {};
    if (hasSession()) {
      void import('../../../lib/realtime.ts').then(({ realtime }) => {
        if (!live) return;
        realtime.watch(creatorId);
        const unsubscribe = realtime.subscribe((event) => {
          if (event.type === 'purchase_log' && event.creator_id === creatorId) {
            setLogs((prev) => mergeEntries(prev ?? [], [event.entry]));
          } else if (event.type === 'synced') void read();
        });
        stop = () => {
          unsubscribe();
          realtime.watch(null);
        };
      });
    }
    return () => {
      live = false;
      stop();
    };
  }, [creatorId, username]);

  return (
    <section className="profile__section" aria-labelledby="purchase-log-heading">
      <h2 id="purchase-log-heading" className="section-title">
        {t('social.profile.purchaseLog.heading')}
      </h2>
      <p className="visually-hidden">{t('social.profile.purchaseLog.live')}</p>
      {logs !== null && logs.length === 0 ? (
        <p className="profile__empty">{t('social.profile.purchaseLog.empty')}</p>
      ) : (
        <ol className="purchase-log" aria-labelledby="purchase-log-heading" aria-live="polite">
          {(logs ?? []).map((e) => (
            <li key={e.id} className="purchase-log__row" data-testid="purchase-log-entry">
              {e.buyer ? (
                <Avatar
                  peer={{ id: e.id, nickname: e.buyer.nickname, profile_image: e.buyer.profile_image }}
                  size={36}
                />
              ) : (
                <span className="avatar avatar--letter supporters__anon" aria-hidden="true">
                  ?
                </span>
              )}
              <span className="purchase-log__body">
                <span className="purchase-log__item">{e.item.name}</span>
                <span className="purchase-log__who">
                  {e.buyer
                    ? t('social.profile.purchaseLog.bought', { nickname: e.buyer.nickname ?? '' })
                    : t('social.profile.purchaseLog.boughtAnonymous')}
                </span>
              </span>
              <time className="purchase-log__time" dateTime={e.purchased_at}>
                {formatDateTime(lang, e.purchased_at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

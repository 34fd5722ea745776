import { businessConfig } from '@app/shared/config';
import type { CreatorCard as Card } from '@app/shared/schemas/social';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { CreatorCard } from '../../../components/CreatorCard.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { discoveryAction, getDiscovery } from '../../profile/api/social.ts';
import { errorMessage, localizeParams, type Message } from '../../store/messages.ts';
import '../discovery.css';

/** Fetch the next batch when this few cards are left to show. */
export const REFILL_AT = 2;

/**
 * The discovery queue: batches of GET /like/discovery, shown one at a time, the next batch read when
 * the queue runs low. A creator acted on here is never shown again, even if a batch read while the
 * action was on its way still has them.
 */
function useDiscoveryQueue() {
  const [queue, setQueue] = useState<Card[]>([]);
  const [loading, setLoading] = useState(true);
  const [exhausted, setExhausted] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  const done = useRef(new Set<string>());
  const fetching = useRef(false);

  const refill = useCallback(async () => {
    if (fetching.current) return;
    fetching.current = true;
    setLoading(true);
    try {
      const r = await getDiscovery();
      if (!r?.ok) return;
      setQueue((q) => {
        const have = new Set(q.map((c) => c.id));
        const fresh = r.data.cards.filter((c) => !have.has(c.id) && !done.current.has(c.id));
        if (fresh.length === 0) setExhausted(true);
        return [...q, ...fresh];
      });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      fetching.current = false;
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void refill();
  }, [refill]);

  const advance = (id: string) => {
    done.current.add(id);
    const rest = queue.filter((c) => c.id !== id);
    setQueue((q) => q.filter((c) => c.id !== id));
    if (rest.length <= REFILL_AT && !exhausted) void refill();
  };
  return { current: queue[0] ?? null, loading, exhausted, error, setError, advance };
}

function Discovery() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { current, loading, error, setError, advance } = useDiscoveryQueue();
  const [busy, setBusy] = useState<'like' | 'skip' | null>(null);
  const [done, setDone] = useState<Message | null>(null);

  const act = async (action: 'like' | 'skip') => {
    if (!current) return;
    setBusy(action);
    setError(null);
    setDone(null);
    try {
      const r = await discoveryAction(current.id, action);
      if (r?.ok) {
        if (action === 'like') {
          setDone({ key: 'social.discovery.liked', params: { nickname: current.nickname } });
        }
        advance(current.id);
      } else if (r) setError({ key: r.body.issues?.[0]?.message ?? 'errors.validation' });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="page discovery" aria-labelledby="discovery-heading">
      <h1 id="discovery-heading" className="page__title">
        {t('social.discovery.heading')}
      </h1>
      <p className="page__lead small">
        {t('social.discovery.lead', { days: businessConfig.social.skipDays })}
      </p>
      <div aria-live="polite">
        {error ? <Alert kind="error">{t(error.key, localizeParams(lang, error.params))}</Alert> : null}
        {done ? <Alert kind="success">{t(done.key, localizeParams(lang, done.params))}</Alert> : null}
      </div>
      {current ? (
        <div className="discovery__stage" data-testid="discovery-card">
          <CreatorCard card={current} />
          <div className="discovery__actions">
            <Button
              variant="secondary"
              busy={busy === 'skip'}
              disabled={busy !== null}
              onClick={() => act('skip')}
            >
              {t('social.discovery.skip')}
            </Button>
            <Button busy={busy === 'like'} disabled={busy !== null} onClick={() => act('like')}>
              {t('social.discovery.like')}
            </Button>
          </div>
        </div>
      ) : loading ? (
        <Spinner />
      ) : (
        <div className="discovery__empty">
          <p className="discovery__empty-title">{t('social.discovery.empty')}</p>
          <p className="muted small">{t('social.discovery.emptyLead')}</p>
          <LangLink to="/home/search" className="btn btn--secondary">
            {t('social.discovery.toSearch')}
          </LangLink>
        </div>
      )}
    </section>
  );
}

/** /discovery: one creator at a time (not liked, skipped or blocked), like or skip. */
export default function DiscoveryPage() {
  return (
    <RequireAuth>
      <Discovery />
    </RequireAuth>
  );
}

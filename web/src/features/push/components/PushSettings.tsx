import type { PushDeviceView, PushTopics } from '@app/shared/schemas/push';
import { pushMessageParams } from '@app/shared/schemas/push';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { errorMessageKey, errorParams } from '../../../lib/api.ts';
import { unwrap } from '../../../lib/query.ts';
import { getPushConfig } from '../api/getPushConfig.ts';
import { getPushDevices } from '../api/getPushDevices.ts';
import { subscribePush } from '../api/subscribePush.ts';
import { unsubscribePush } from '../api/unsubscribePush.ts';
import { updatePushTopics } from '../api/updatePushTopics.ts';
import {
  deviceIdOf,
  deviceLabel,
  PushDenied,
  pushSupport,
  savedEndpoint,
  subscribeBrowser,
  unsubscribeBrowser,
} from '../device.ts';
import '../push.css';

const KEYS = { config: ['push', 'config'], devices: ['push', 'devices'] } as const;
const TOPICS = ['messages', 'notices'] as const;

/** The id of this browser's device, when it turned notifications on. */
async function thisDeviceId(): Promise<string | null> {
  const endpoint = savedEndpoint();
  return endpoint ? deviceIdOf(endpoint) : null;
}

type Message = { kind: 'success' | 'error'; key: string; params?: Record<string, string | number> };

/** The failure of a push action as a message: blocked notifications, an API refusal, or in general. */
function failureOf(error: unknown): Message {
  if (error instanceof PushDenied) return { kind: 'error', key: 'push.denied' };
  const key = errorMessageKey(error, 'push.failed');
  return { kind: 'error', key, params: { ...pushMessageParams, ...errorParams(error) } };
}

/**
 * Notifications on this device (issue 15): turn Web Push on or off for this browser, choose what it
 * is notified of, and see and remove the caller's devices. The account screen places it.
 */
export function PushSettings() {
  const { t, i18n } = useTranslation();
  const { lang } = useLang();
  const headingId = useId();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<Message | null>(null);
  const [thisDevice, setThisDevice] = useState<string | null>(null);

  const config = useQuery({ queryKey: KEYS.config, queryFn: async () => unwrap(await getPushConfig()) });
  const devices = useQuery({ queryKey: KEYS.devices, queryFn: async () => unwrap(await getPushDevices()) });

  const refreshThisDevice = async () => setThisDevice(await thisDeviceId());
  useEffect(() => {
    void thisDeviceId().then(setThisDevice);
  }, []);

  const standInUrl = config.data?.stand_in_url ?? null;
  const support = config.data ? pushSupport(standInUrl !== null) : null;
  const mine = devices.data?.devices.find((d) => d.id === thisDevice) ?? null;
  const done = async (next: Message) => {
    await refreshThisDevice();
    await queryClient.invalidateQueries({ queryKey: KEYS.devices });
    setMessage(next);
  };

  const turnOn = useMutation({
    mutationFn: async () => {
      const publicKey = config.data?.public_key;
      if (!publicKey) throw new Error('push unavailable');
      const subscription = await subscribeBrowser({ public_key: publicKey, stand_in_url: standInUrl });
      const named = deviceLabel(navigator.userAgent);
      const label = named ? t('push.defaultLabel', named) : t('push.unknownDevice');
      return unwrap(
        await subscribePush({ ...subscription, topics: { messages: true, notices: true }, label }),
      );
    },
    onSuccess: () => done({ kind: 'success', key: 'push.enabled' }),
    onError: (error) => setMessage(failureOf(error)),
  });

  const turnOff = useMutation({
    mutationFn: async (device: PushDeviceView | null) => {
      const endpoint = await unsubscribeBrowser();
      unwrap(await unsubscribePush(device ? { id: device.id } : { endpoint: endpoint ?? '' }));
    },
    onSuccess: () => done({ kind: 'success', key: 'push.disabled' }),
    onError: (error) => setMessage(failureOf(error)),
  });

  const remove = useMutation({
    mutationFn: async (device: PushDeviceView) => {
      if (device.id === thisDevice) await unsubscribeBrowser();
      unwrap(await unsubscribePush({ id: device.id }));
    },
    onSuccess: () => done({ kind: 'success', key: 'push.removed' }),
    onError: (error) => setMessage(failureOf(error)),
  });

  const topics = useMutation({
    mutationFn: async ({ id, next }: { id: string; next: PushTopics }) =>
      unwrap(await updatePushTopics({ id, topics: next })),
    onSuccess: () => done({ kind: 'success', key: 'push.saved' }),
    onError: (error) => setMessage(failureOf(error)),
  });

  const busy = turnOn.isPending || turnOff.isPending;
  const dateOf = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'ja-JP', {
      dateStyle: 'medium',
      timeZone: 'Asia/Tokyo',
    }).format(new Date(iso));
  const topicsText = (d: PushDeviceView) => {
    const on = TOPICS.filter((k) => d.topics[k]).map((k) => t(`push.topics.${k}`));
    return on.length > 0 ? on.join(lang === 'en' ? ', ' : '、') : t('push.topicsNone');
  };

  return (
    <section className="push-settings" aria-labelledby={headingId}>
      <h2 id={headingId} className="push-settings__heading">
        {t('push.heading')}
      </h2>
      <p className="push-settings__intro">{t('push.intro')}</p>
      {config.isPending || devices.isPending ? <Spinner /> : null}
      {config.data && !config.data.public_key ? <Alert kind="info">{t('push.unavailable')}</Alert> : null}
      {config.data?.public_key && support === 'unsupported' ? (
        <Alert kind="info">{t('push.unsupported')}</Alert>
      ) : null}
      {config.data?.public_key && support === 'denied' ? (
        <Alert kind="warning">{t('push.denied')}</Alert>
      ) : null}
      {config.data?.public_key && support === 'supported' && devices.data ? (
        <>
          <label className="choice push-settings__switch">
            <input
              type="checkbox"
              role="switch"
              checked={mine !== null}
              aria-checked={mine !== null}
              disabled={busy}
              aria-busy={busy || undefined}
              onChange={(e) => {
                setMessage(null);
                if (e.target.checked) turnOn.mutate();
                else turnOff.mutate(mine);
              }}
            />
            <span className="choice__label">
              {t('push.toggle')}
              <span className="push-settings__state">
                {turnOn.isPending
                  ? t('push.turningOn')
                  : turnOff.isPending
                    ? t('push.turningOff')
                    : mine
                      ? t('push.on')
                      : t('push.off')}
              </span>
            </span>
          </label>
          {mine ? (
            <fieldset className="choice-group push-settings__topics">
              <legend>{t('push.topicsLegend')}</legend>
              {TOPICS.map((k) => (
                <label key={k} className="choice">
                  <input
                    type="checkbox"
                    checked={mine.topics[k]}
                    disabled={topics.isPending}
                    onChange={(e) => {
                      setMessage(null);
                      topics.mutate({ id: mine.id, next: { ...mine.topics, [k]: e.target.checked } });
                    }}
                  />
                  <span className="choice__label">{t(`push.topics.${k}`)}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {standInUrl ? (
            <p className="push-settings__note">
              {t('push.standIn')} <a href="/_local/push">{t('push.standInLink')}</a>
            </p>
          ) : null}
        </>
      ) : null}
      <Alert kind={message?.kind ?? 'success'}>{message ? t(message.key, message.params ?? {}) : null}</Alert>
      {devices.data ? (
        <>
          <h3 className="push-settings__subheading">
            {t('push.devicesHeading')}{' '}
            <span className="push-settings__count">
              {t('push.devicesCount', { count: devices.data.devices.length, max: devices.data.max })}
            </span>
          </h3>
          {devices.data.devices.length === 0 ? (
            <p className="push-settings__empty">{t('push.devicesEmpty')}</p>
          ) : (
            <ul className="push-devices">
              {devices.data.devices.map((d) => (
                <li key={d.id} className="push-device">
                  <div className="push-device__text">
                    <p className="push-device__label">
                      {d.label}
                      {d.id === thisDevice ? (
                        <span className="push-device__mine">{t('push.thisDevice')}</span>
                      ) : null}
                    </p>
                    <p className="push-device__meta">
                      {t('push.addedOn', { date: dateOf(d.created_at) })} ・{' '}
                      {t('push.topicsOf', { topics: topicsText(d) })}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    aria-label={t('push.removeLabel', { label: d.label })}
                    busy={remove.isPending && remove.variables?.id === d.id}
                    onClick={() => {
                      setMessage(null);
                      remove.mutate(d);
                    }}
                  >
                    {t('push.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}

/**
 * The stamps part of /admin/catalog: every stamp with its picture, names, cost, order and state;
 * add, edit, retire and restore (a confirmation first). One query (`['admin', 'catalog',
 * 'stamps']`), written with each saved stamp.
 */
import type { AdminStampList, AdminStampView } from '@app/shared/schemas/admin-catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { errorMessageKey } from '../../../lib/api.ts';
import { queryErrorKey, unwrap } from '../../../lib/query.ts';
import { stampSrc } from '../../chat/stamp-art.ts';
import { listStamps, setStampActive } from '../api/catalog-stamps.ts';
import { StampForm } from './catalog-stamp-form.tsx';

export const stampsKey = ['admin', 'catalog', 'stamps'] as const;

/** The picture a stamp shows: its upload, or the one bundled with the client for its id. */
export const stampPicture = (s: AdminStampView) => s.picture_url ?? stampSrc(s.id);

type Editing = { stamp: AdminStampView | null } | null;

export function CatalogStamps() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const client = useQueryClient();
  const query = useQuery({ queryKey: stampsKey, queryFn: async () => unwrap(await listStamps()) });
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<AdminStampView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const write = (stamp: AdminStampView) =>
    client.setQueryData<AdminStampList>(stampsKey, (list) =>
      list
        ? {
            ...list,
            stamps: [...list.stamps.filter((s) => s.id !== stamp.id), stamp].sort(
              (a, b) => a.order - b.order || a.id.localeCompare(b.id),
            ),
          }
        : list,
    );

  const toggle = useMutation({
    mutationFn: async (s: AdminStampView) =>
      unwrap(await setStampActive({ id: s.id, version: s.version }, !s.active)),
    onSuccess: ({ stamp }) => {
      write(stamp);
      setConfirming(null);
      setNotice(
        t(stamp.active ? 'admin.catalog.stamps.restoredDone' : 'admin.catalog.stamps.retiredDone', {
          name: stamp.name[lang],
        }),
      );
    },
    onError: () => {
      setConfirming(null);
      void client.invalidateQueries({ queryKey: stampsKey });
    },
  });

  const stamps = query.data?.stamps ?? [];
  const failure = queryErrorKey(query.error);
  const toggleError = toggle.error ? errorMessageKey(toggle.error) : null;
  const nextOrder = Math.min((stamps.at(-1)?.order ?? 0) + 10, 9999);

  return (
    <section className="catalog-section" aria-labelledby="catalog-stamps-h">
      <div className="catalog-section__head">
        <h2 id="catalog-stamps-h" className="catalog-section__title">
          {t('admin.catalog.stamps.heading')}
        </h2>
        {query.data ? (
          <span className="catalog-section__count">
            {t('admin.catalog.stamps.count', { count: stamps.length, max: query.data.stamps_max })}
          </span>
        ) : null}
        <Button
          variant="secondary"
          disabled={!query.data || editing !== null}
          onClick={() => {
            setNotice(null);
            setEditing({ stamp: null });
          }}
        >
          {t('admin.catalog.stamps.add')}
        </Button>
      </div>
      <p className="catalog-section__lead">{t('admin.catalog.stamps.lead')}</p>
      <Alert kind="success">{notice}</Alert>
      <Alert kind="error">{toggleError ? t(toggleError) : null}</Alert>
      <Alert kind="error">{failure ? t(failure.key, { ...failure.params }) : null}</Alert>
      {editing ? (
        <StampForm
          key={editing.stamp?.id ?? 'new'}
          stamp={editing.stamp}
          pictureSrc={editing.stamp ? stampPicture(editing.stamp) : null}
          nextOrder={nextOrder}
          onSaved={(stamp, created) => {
            write(stamp);
            setEditing(null);
            setNotice(
              t(created ? 'admin.catalog.stamps.form.created' : 'admin.catalog.stamps.form.saved', {
                name: stamp.name[lang],
              }),
            );
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {query.isPending ? <Spinner /> : null}
      {query.data && stamps.length === 0 ? <p>{t('admin.catalog.stamps.empty')}</p> : null}
      <ul className="catalog-stamps">
        {stamps.map((s) => (
          <li
            key={s.id}
            className={`catalog-stamp${s.active ? '' : ' catalog-stamp--retired'}`}
            data-testid={`stamp-${s.id}`}
          >
            <img
              className="catalog-stamp__img"
              src={stampPicture(s)}
              alt={t('admin.catalog.stamps.pictureAlt', { name: s.name[lang] })}
              width={72}
              height={72}
            />
            <div className="catalog-stamp__body">
              <p className="catalog-stamp__name">
                <span lang="ja">{s.name.ja}</span>
                <span className="catalog-stamp__en" lang="en">
                  {s.name.en}
                </span>
              </p>
              <p className="catalog-stamp__meta">
                <strong>{t('admin.catalog.stamps.cost', { cost: s.cost.toLocaleString(lang) })}</strong>
                <span>{t('admin.catalog.stamps.order', { order: s.order })}</span>
                <code className="catalog-stamp__id">{s.id}</code>
              </p>
              <p className="catalog-stamp__state">
                <span className={`catalog-badge catalog-badge--${s.active ? 'on' : 'off'}`}>
                  {t(s.active ? 'admin.catalog.stamps.active' : 'admin.catalog.stamps.retired')}
                </span>
                {s.picture_url ? null : (
                  <span className="catalog-stamp__bundled">{t('admin.catalog.stamps.bundled')}</span>
                )}
              </p>
              <div className="catalog-stamp__actions">
                <Button
                  variant="secondary"
                  disabled={editing !== null}
                  onClick={() => {
                    setNotice(null);
                    setEditing({ stamp: s });
                  }}
                  aria-label={`${t('admin.catalog.stamps.edit')}: ${s.name[lang]}`}
                >
                  {t('admin.catalog.stamps.edit')}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    toggle.reset();
                    setNotice(null);
                    setConfirming(s);
                  }}
                  aria-label={`${t(s.active ? 'admin.catalog.stamps.retire' : 'admin.catalog.stamps.restore')}: ${s.name[lang]}`}
                >
                  {t(s.active ? 'admin.catalog.stamps.retire' : 'admin.catalog.stamps.restore')}
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming
            ? t(
                confirming.active ? 'admin.catalog.stamps.retireTitle' : 'admin.catalog.stamps.restoreTitle',
                {
                  name: confirming.name[lang],
                },
              )
            : ''
        }
        confirmLabel={t(
          confirming?.active === false
            ? 'admin.catalog.stamps.restoreConfirm'
            : 'admin.catalog.stamps.retireConfirm',
        )}
        busy={toggle.isPending}
        busyLabel={t('common.actions.sending')}
        onConfirm={() => confirming && toggle.mutate(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <p>
          {t(
            confirming?.active === false
              ? 'admin.catalog.stamps.restoreBody'
              : 'admin.catalog.stamps.retireBody',
          )}
        </p>
      </ConfirmDialog>
    </section>
  );
}

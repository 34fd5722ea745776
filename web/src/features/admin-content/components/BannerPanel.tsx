/**
 * The home screen's banner on /admin/news: the current picture, alt texts and link; a new picture
 * uploaded straight to the bucket (presigned POST) and re-encoded by the server at the save; the
 * texts and link edited; removal after a confirmation. Every change is under the version read.
 */
import { mediaPurposes } from '@app/shared/media';
import {
  type AdminBannerResponse,
  type BannerSaveRequest,
  bannerSaveRequest,
  CONTENT_LIMITS,
} from '@app/shared/schemas/admin-content';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { TextField } from '../../../components/Field.tsx';
import { FilePickButton, UploadProgress } from '../../../components/FilePick.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { errorMessageKey } from '../../../lib/api.ts';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { queryErrorKey, unwrap } from '../../../lib/query.ts';
import { useImageUpload } from '../../../lib/useImageUpload.ts';
import { formatInstant } from '../../admin/format.ts';
import { getBanner } from '../api/getBanner.ts';
import { getBannerUploadUrl } from '../api/getBannerUploadUrl.ts';
import { removeBanner } from '../api/removeBanner.ts';
import { saveBanner } from '../api/saveBanner.ts';

export const bannerKey = ['admin', 'banner'] as const;

type Banner = AdminBannerResponse['banner'];

const valuesOf = (b: Banner): BannerSaveRequest => ({
  upload_key: undefined,
  alt: { ja: b?.alt.ja ?? '', en: b?.alt.en ?? '' },
  link: b?.link ?? '',
  version: b?.version ?? null,
});

export function BannerPanel() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: bannerKey, queryFn: async () => unwrap(await getBanner()) });
  const failure = queryErrorKey(query.error);
  // Held here: the form is rebuilt with each new version, so its own state would lose the message.
  const [done, setDone] = useState<string | null>(null);
  return (
    <section className="admin-content__panel" aria-labelledby="admin-banner-h">
      <h2 id="admin-banner-h" className="section-title">
        {t('admin.content.banner.heading')}
      </h2>
      {failure ? <Alert kind="error">{t(failure.key, { ...failure.params })}</Alert> : null}
      {done ? <Alert kind="success">{t(done)}</Alert> : null}
      {query.isSuccess ? (
        <BannerForm
          key={query.data.banner?.version ?? 0}
          banner={query.data.banner}
          onChanged={setDone}
          onEdit={() => setDone(null)}
        />
      ) : null}
    </section>
  );
}

function BannerForm({
  banner,
  onChanged,
  onEdit,
}: {
  banner: Banner;
  /** The saved/removed message's key, shown above the rebuilt form. */
  onChanged: (messageKey: string) => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const id = useId();
  const client = useQueryClient();
  const { form, submit, errorOf, formError, busy } = useApiForm(bannerSaveRequest, valuesOf(banner));
  const [message, setMessage] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [removeBusy, setRemoveBusy] = useState(false);
  const uploadKey = form.watch('upload_key');
  const uploadFailed = { key: 'admin.content.banner.errorUpload' };
  const { accept, max, preview, percent, uploading, problem, pick } = useImageUpload({
    purpose: mediaPurposes.banner,
    getUploadUrl: (content_type) => getBannerUploadUrl({ content_type }),
    messages: {
      type: { key: 'admin.content.banner.errorType' },
      size: { key: 'admin.content.banner.errorSize' },
      upload: uploadFailed,
    },
    failure: () => uploadFailed,
    onUploaded: (key) => {
      form.clearErrors('upload_key');
      form.setValue('upload_key', key, { shouldDirty: true });
    },
  });

  const changed = (res: AdminBannerResponse, key: string) => {
    onChanged(key);
    client.setQueryData(bannerKey, res);
  };

  const onSubmit = submit(
    (body) => saveBanner(body),
    (res) => changed(res, 'admin.content.banner.saved'),
  );

  async function confirmRemove() {
    if (!banner) return;
    setRemoveBusy(true);
    try {
      const res = await removeBanner({ version: banner.version });
      if (res?.ok) changed(res.data, 'admin.content.banner.removed');
    } catch (err) {
      setMessage(errorMessageKey(err));
    } finally {
      setRemoveBusy(false);
      setRemoving(false);
    }
  }

  const shown = preview ?? banner?.image_url ?? null;
  const imageError = errorOf('upload_key') ?? problem?.key;
  const altHint = t('admin.content.banner.altHint', { max: CONTENT_LIMITS.bannerAltMax });
  return (
    <form onSubmit={onSubmit} onChange={onEdit} noValidate className="form">
      {message ? <Alert kind="error">{t(message)}</Alert> : null}
      <Alert kind="error">
        {formError ? t(formError.key, { ...validationValues, ...formError.params }) : null}
      </Alert>
      <div className="field">
        <label htmlFor={`${id}-file`} className="field__label">
          {t('admin.content.banner.image')}
        </label>
        <div className="admin-banner__frame">
          {shown ? (
            <img
              className="admin-banner__img"
              src={shown}
              alt={preview ? t('admin.content.banner.preview') : (banner?.alt[lang] ?? '')}
            />
          ) : (
            <p className="admin-banner__none">{t('admin.content.banner.none')}</p>
          )}
        </div>
        <FilePickButton
          id={`${id}-file`}
          accept={accept}
          onPick={pick}
          disabled={uploading}
          invalid={Boolean(imageError)}
          describedBy={`${id}-file-hint${imageError ? ` ${id}-file-error` : ''}`}
        >
          {t(shown ? 'admin.content.banner.change' : 'admin.content.banner.choose')}
        </FilePickButton>
        <div aria-live="polite">
          {percent !== null ? (
            <UploadProgress percent={percent} label={t('admin.content.banner.progress')}>
              {t('admin.content.banner.uploading', { percent })}
            </UploadProgress>
          ) : uploadKey ? (
            <p className="field__hint">{t('admin.content.banner.ready')}</p>
          ) : null}
        </div>
        <p id={`${id}-file-hint`} className="field__hint">
          {t('admin.content.banner.imageHint', { max })}
        </p>
        {imageError ? (
          <p id={`${id}-file-error`} className="field__error" role="alert">
            {t(imageError, { ...validationValues, max })}
          </p>
        ) : null}
      </div>
      <div className="admin-content__pair">
        <TextField
          label={t('admin.content.banner.altJa')}
          hint={altHint}
          required
          lang="ja"
          error={errorOf('alt.ja')}
          {...form.register('alt.ja')}
        />
        <TextField
          label={t('admin.content.banner.altEn')}
          hint={altHint}
          required
          lang="en"
          error={errorOf('alt.en')}
          {...form.register('alt.en')}
        />
      </div>
      <TextField
        label={t('admin.content.banner.link')}
        hint={t('admin.content.banner.linkHint')}
        inputMode="url"
        error={errorOf('link')}
        {...form.register('link')}
      />
      {banner ? (
        <p className="field__hint">
          {t('admin.content.banner.updatedAt', { at: formatInstant(lang, banner.updated_at) })}
        </p>
      ) : null}
      <div className="admin-content__buttons">
        <Button type="submit" busy={busy} disabled={uploading} busyLabel={t('common.actions.sending')}>
          {t('admin.content.banner.save')}
        </Button>
        {banner ? (
          <Button variant="danger" onClick={() => setRemoving(true)} disabled={busy || uploading}>
            {t('admin.content.banner.remove')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={removing}
        title={t('admin.content.banner.removeTitle')}
        confirmLabel={t('admin.content.banner.remove')}
        busy={removeBusy}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(false)}
      >
        <p>{t('admin.content.banner.removeBody')}</p>
      </ConfirmDialog>
    </form>
  );
}

/**
 * A news' form (create or edit): titles and bodies in ja and en, the audiences (roles), and the
 * publication (now, keep the current time, or a scheduled time typed in Japan time). Checked by
 * the contract's schema; the server's 422 issues land on their fields, a 409 on the form.
 */
import {
  type AdminNewsView,
  CONTENT_LIMITS,
  NEWS_AUDIENCES,
  type NewsFormInput,
  newsForm,
} from '@app/shared/schemas/admin-content';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { describedBy, FieldShell, TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { fromJstInput, toJstInput } from '../../../lib/jst-input.ts';
import { formatInstant } from '../../admin/format.ts';
import { createNews } from '../api/createNews.ts';
import { updateNews } from '../api/updateNews.ts';

type Mode = 'now' | 'keep' | 'at';

const valuesOf = (n: AdminNewsView | null): NewsFormInput =>
  n
    ? {
        title: n.title,
        body: n.body,
        audiences: n.audiences as NewsFormInput['audiences'],
        publish_at: n.status === 'scheduled' ? n.published_at : null,
      }
    : { title: { ja: '', en: '' }, body: { ja: '', en: '' }, audiences: [], publish_at: null };

export function NewsForm({
  news,
  onDone,
  onCancel,
}: {
  /** null: a new news. */
  news: AdminNewsView | null;
  onDone: (saved: AdminNewsView) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const id = useId();
  const { form, submit, errorOf, formError, busy } = useApiForm(newsForm, valuesOf(news));
  const published = news?.status === 'published';
  const [mode, setMode] = useState<Mode>(published ? 'keep' : news?.status === 'scheduled' ? 'at' : 'now');
  const [local, setLocal] = useState(() =>
    news?.status === 'scheduled' ? toJstInput(news.published_at) : '',
  );
  const audiences = form.watch('audiences') ?? [];

  const setPublication = (m: Mode, value: string) => {
    form.setValue('publish_at', m === 'at' ? (fromJstInput(value) ?? '') : null, {
      shouldValidate: form.formState.isSubmitted,
    });
  };

  // A new news' key, made when the form opens: a doubled or retried submit publishes once.
  const [key] = useState(() => crypto.randomUUID());
  const onSubmit = submit(
    (body) =>
      news ? updateNews({ ...body, id: news.id, version: news.version }) : createNews({ ...body, key }),
    (saved) => onDone(saved),
  );

  const toggle = (role: number, on: boolean) => {
    const next = on ? [...audiences, role] : audiences.filter((r) => r !== role);
    form.setValue('audiences', next as NewsFormInput['audiences'], {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };

  const audienceError = errorOf('audiences') ?? errorOf('audiences.0' as 'audiences');
  const publishError = errorOf('publish_at');
  const audienceErrorId = `${id}-aud-error`;
  const titleHint = t('admin.content.news.form.titleHint', { max: CONTENT_LIMITS.newsTitleMax });
  const bodyHint = t('admin.content.news.form.bodyHint', { max: CONTENT_LIMITS.newsBodyMax });
  const modes: Mode[] = published ? ['keep', 'now', 'at'] : ['now', 'at'];

  return (
    <form onSubmit={onSubmit} noValidate className="form admin-news-form" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="section-title">
        {t(news ? 'admin.content.news.form.editHeading' : 'admin.content.news.form.createHeading')}
      </h2>
      <Alert kind="error">
        {formError ? t(formError.key, { ...validationValues, ...formError.params }) : null}
      </Alert>
      <div className="admin-content__pair">
        <TextField
          label={t('admin.content.news.form.titleJa')}
          hint={titleHint}
          required
          error={errorOf('title.ja')}
          lang="ja"
          {...form.register('title.ja')}
        />
        <TextField
          label={t('admin.content.news.form.titleEn')}
          hint={titleHint}
          required
          error={errorOf('title.en')}
          lang="en"
          {...form.register('title.en')}
        />
      </div>
      <div className="admin-content__pair">
        {(['ja', 'en'] as const).map((l) => {
          const fieldId = `${id}-body-${l}`;
          const error = errorOf(`body.${l}`);
          return (
            <FieldShell
              key={l}
              id={fieldId}
              label={t(l === 'ja' ? 'admin.content.news.form.bodyJa' : 'admin.content.news.form.bodyEn')}
              hint={bodyHint}
              error={error}
              required
            >
              <textarea
                id={fieldId}
                className="textarea"
                rows={6}
                lang={l}
                aria-required
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(fieldId, bodyHint, error)}
                {...form.register(`body.${l}`)}
              />
            </FieldShell>
          );
        })}
      </div>
      <fieldset className="field" aria-describedby={audienceError ? audienceErrorId : undefined}>
        <legend className="field__label">{t('admin.content.news.form.audiences')}</legend>
        <div className="admin-content__choices">
          {NEWS_AUDIENCES.map((role) => (
            <label key={role} className="choice">
              <input
                type="checkbox"
                name={`${id}-audience`}
                value={role}
                checked={audiences.includes(role)}
                aria-invalid={audienceError ? true : undefined}
                onChange={(e) => toggle(role, e.target.checked)}
              />
              <span className="choice__label">{t(`admin.content.roles.${role}`)}</span>
            </label>
          ))}
        </div>
        {audienceError ? (
          <p id={audienceErrorId} className="field__error" role="alert">
            {t(audienceError, validationValues)}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="field">
        <legend className="field__label">{t('admin.content.news.form.publish')}</legend>
        <div className="admin-content__choices admin-content__choices--column">
          {modes.map((m) => (
            <label key={m} className="choice">
              <input
                type="radio"
                name={`${id}-publish`}
                checked={mode === m}
                onChange={() => {
                  setMode(m);
                  setPublication(m, local);
                }}
              />
              <span className="choice__label">
                {m === 'keep'
                  ? t('admin.content.news.form.publishKeep', {
                      at: news ? formatInstant(lang, news.published_at) : '',
                    })
                  : t(
                      m === 'now'
                        ? 'admin.content.news.form.publishNow'
                        : 'admin.content.news.form.publishAt',
                    )}
              </span>
            </label>
          ))}
        </div>
        {mode === 'at' ? (
          <TextField
            type="datetime-local"
            label={t('admin.content.news.form.publishAtLabel')}
            required
            value={local}
            error={publishError}
            onChange={(e) => {
              setLocal(e.target.value);
              setPublication('at', e.target.value);
            }}
          />
        ) : publishError ? (
          <p className="field__error" role="alert">
            {t(publishError, validationValues)}
          </p>
        ) : null}
      </fieldset>
      <div className="admin-content__buttons">
        <Button type="submit" busy={busy} busyLabel={t('common.actions.sending')}>
          {t(news ? 'admin.content.news.form.save' : 'admin.content.news.form.create')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('admin.content.news.form.cancel')}
        </Button>
      </div>
    </form>
  );
}

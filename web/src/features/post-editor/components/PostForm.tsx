/**
 * The post form (/home/fanclub/posts/create, /home/fanclub/posts/{post_id}): text, up to 10 images
 * (each uploaded with its own progress bar, ordered by drag or buttons) or one video, public or
 * members only, published now or at a date and time in Japan time. The body is checked with the
 * contract (and the schedule's window) before it is sent; a 422's issues come back on the same
 * fields. A published post keeps its publication time (the choice is not offered).
 */
import { fanclubMessageParams } from '@app/shared/fanclub';
import {
  type PostResponse,
  type PostSaveRequest,
  type PostView,
  postVisibilities,
} from '@app/shared/schemas/fanclub';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { describedBy } from '../../../components/Field.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { ApiError } from '../../../lib/api.ts';
import {
  FileSlots,
  type SetSlots,
  type Slot,
  type TargetRequest,
} from '../../items/components/FileSlots.tsx';
import { formatDateTime } from '../../points/format.ts';
import { errorMessage, localizeParams, type Message } from '../../store/messages.ts';
import { postUploadUrl } from '../api/postUploadUrl.ts';
import { savePost } from '../api/savePost.ts';
import { buildPostBody, type PostValues, postIssuesOf, valuesOf } from '../model.ts';

const postTarget: TargetRequest = (purpose, file) =>
  postUploadUrl({ purpose: purpose as 'postImage' | 'postVideo', content_type: file.type });

let slotCounter = 0;
/** Slots of the files a post holds (keys for the form, thumbnails to show). */
function heldPostSlots(post: PostView | null, kind: 'images' | 'video', name: (i: number) => string): Slot[] {
  const keys = kind === 'images' ? (post?.edit?.images ?? []) : post?.edit?.video ? [post.edit.video] : [];
  return keys.map((key, i) => ({
    id: `post-slot-${++slotCounter}`,
    key,
    fresh: false,
    name: name(i),
    preview: kind === 'images' ? (post?.images[i]?.thumb_url ?? null) : null,
    progress: null,
    error: null,
  }));
}

const keysOf = (slots: Slot[]) => slots.flatMap((s) => (s.key ? [s.key] : []));

export type PostSavedKind = 'posted' | 'scheduled' | 'saved';

export function PostForm({
  post,
  onSaved,
}: {
  post: PostView | null;
  onSaved: (saved: PostResponse, kind: PostSavedKind) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const id = useId();
  const published = post?.status === 'published';
  const [v, setV] = useState<PostValues>(() => valuesOf(post));
  const [images, setImages] = useState<Slot[]>(() =>
    heldPostSlots(post, 'images', (i) => `${t('fanclubPosts.form.images')} ${i + 1}`),
  );
  const [video, setVideo] = useState<Slot[]>(() =>
    heldPostSlots(post, 'video', () => t('fanclubPosts.form.video')),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<Message | null>(null);
  const [needFanclub, setNeedFanclub] = useState(false);
  const [busy, setBusy] = useState(false);
  const params = { ...fanclubMessageParams, ...localizeParams(lang, fanclubMessageParams) };

  const clearErrors = (name: string) => {
    setFormError((f) => (f?.key === 'fanclubPosts.form.fixErrors' ? null : f));
    setErrors((prev) => {
      const stale = Object.keys(prev).filter((p) => p === name || p.startsWith(`${name}.`));
      if (stale.length === 0) return prev;
      const next = { ...prev };
      for (const p of stale) delete next[p];
      return next;
    });
  };
  const set = <K extends keyof PostValues>(k: K, value: PostValues[K]) => {
    setV((prev) => ({ ...prev, [k]: value }));
    clearErrors(k === 'when' ? 'publish_at' : k === 'publishAt' ? 'publish_at' : k === 'media' ? 'video' : k);
    if (k === 'visibility') setNeedFanclub(false);
  };
  const slotSetter =
    (name: string, setter: (f: (s: Slot[]) => Slot[]) => void): SetSlots =>
    (update) => {
      setter(update);
      clearErrors(name);
      clearErrors('text');
    };
  const active = v.media === 'images' ? images : video;
  const uploading = active.some((s) => s.progress !== null);
  const failed = active.some((s) => s.error !== null);
  const err = (path: string) => errors[path];
  const errorLine = (fieldId: string, path: string) =>
    err(path) ? (
      <p id={`${fieldId}-error`} className="field__error" role="alert">
        {t(err(path) as string, params)}
      </p>
    ) : null;

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`#${CSS.escape(id)}-form [aria-invalid="true"]`)?.focus(),
    );

  const submit = async () => {
    setFormError(null);
    setNeedFanclub(false);
    if (uploading) {
      setFormError({ key: 'fanclubPosts.form.waitUploads' });
      return;
    }
    if (failed) {
      setFormError({ key: 'fanclubPosts.form.fixErrors' });
      return;
    }
    const body = buildPostBody(post, v, { images: keysOf(images), video: keysOf(video)[0] ?? null });
    const local = postIssuesOf(body, new Date());
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setFormError({ key: 'fanclubPosts.form.fixErrors' });
      focusFirstError();
      return;
    }
    setBusy(true);
    try {
      const result = await savePost(body as PostSaveRequest);
      if (!result) return;
      if (!result.ok) {
        const server: Record<string, string> = {};
        for (const i of result.body.issues ?? []) server[i.path || '_form'] ??= i.message;
        setErrors(server);
        setFormError({ key: server._form ?? 'fanclubPosts.form.fixErrors' });
        focusFirstError();
        return;
      }
      onSaved(result.data, post ? 'saved' : result.data.post.status === 'scheduled' ? 'scheduled' : 'posted');
    } catch (e) {
      if (e instanceof ApiError && e.code === 'fanclub_not_found') setNeedFanclub(true);
      else setFormError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const textId = `${id}-text`;
  const textHint = t('fanclubPosts.form.textHint', params);
  const atId = `${id}-at`;
  const atHint = t('fanclubPosts.form.publishAtHint', params);
  const submitLabel = post
    ? t('fanclubPosts.form.save')
    : v.when === 'later'
      ? t('fanclubPosts.form.submitLater')
      : t('fanclubPosts.form.submitNow');

  return (
    <form
      id={`${id}-form`}
      className="form post-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {post ? (
        <p className="post-form__status">
          <span className={`shop-badge shop-badge--${published ? 'on_sale' : 'scheduled'}`}>
            {t(`fanclubPosts.list.status.${post.status}`)}
          </span>{' '}
          <span className="muted small">
            {published
              ? t('fanclubPosts.form.publishedNote', { date: formatDateTime(lang, post.published_at) })
              : t('fanclubPosts.form.scheduledNote', { date: formatDateTime(lang, post.published_at) })}
          </span>
        </p>
      ) : null}

      <div className={`field${err('text') ? ' field--error' : ''}`}>
        <label htmlFor={textId} className="field__label">
          {t('fanclubPosts.form.text')}
        </label>
        <textarea
          id={textId}
          className="textarea post-form__text"
          rows={6}
          value={v.text}
          aria-invalid={err('text') ? true : undefined}
          aria-describedby={describedBy(textId, textHint, err('text'))}
          onChange={(e) => set('text', e.currentTarget.value)}
        />
        <p id={`${textId}-hint`} className="field__hint">
          {textHint}
        </p>
        {errorLine(textId, 'text')}
      </div>

      <fieldset className="choice-group choice-group--row" aria-describedby={`${id}-media-hint`}>
        <legend className="field__label">{t('fanclubPosts.form.media')}</legend>
        {(['images', 'video'] as const).map((m) => (
          <label key={m} className="choice">
            <input
              type="radio"
              name={`${id}-media`}
              value={m}
              checked={v.media === m}
              onChange={() => set('media', m)}
            />
            <span className="choice__label">{t(`fanclubPosts.form.mediaKinds.${m}`)}</span>
          </label>
        ))}
        <p className="field__hint" id={`${id}-media-hint`}>
          {t('fanclubPosts.form.mediaHint', params)}
        </p>
      </fieldset>

      {v.media === 'images' ? (
        <FileSlots
          label={t('fanclubPosts.form.images')}
          hint={t('fanclubPosts.form.imagesHint')}
          purpose="postImage"
          slots={images}
          setSlots={slotSetter('images', setImages)}
          max={fanclubMessageParams.post_images_max}
          sortable
          name="images"
          errors={errors}
          requestTarget={postTarget}
          messageParams={params}
        />
      ) : (
        <FileSlots
          label={t('fanclubPosts.form.video')}
          purpose="postVideo"
          slots={video}
          setSlots={slotSetter('video', setVideo)}
          max={1}
          name="video"
          errors={errors}
          requestTarget={postTarget}
          messageParams={params}
        />
      )}

      <fieldset className="choice-group post-form__choices">
        <legend className="field__label">{t('fanclubPosts.form.visibility')}</legend>
        {postVisibilities.map((vis) => (
          <label key={vis} className="choice post-form__choice">
            <input
              type="radio"
              name={`${id}-visibility`}
              value={vis}
              checked={v.visibility === vis}
              aria-describedby={`${id}-visibility-${vis}`}
              onChange={() => set('visibility', vis)}
            />
            <span className="choice__label">
              {t(`fanclubPosts.form.visibilities.${vis}`)}
              <span className="choice__hint" id={`${id}-visibility-${vis}`}>
                {t(`fanclubPosts.form.visibilityHints.${vis}`)}
              </span>
            </span>
          </label>
        ))}
        {errorLine(`${id}-visibility`, 'visibility')}
      </fieldset>
      {needFanclub ? (
        <Alert kind="error">
          {t('fanclubPosts.form.needFanclub')}{' '}
          <LangLink to="/home/fanclub">{t('fanclubPosts.form.toFanclub')}</LangLink>
        </Alert>
      ) : null}

      {published ? null : (
        <fieldset className="choice-group post-form__choices">
          <legend className="field__label">{t('fanclubPosts.form.when')}</legend>
          {(['now', 'later'] as const).map((w) => (
            <label key={w} className="choice">
              <input
                type="radio"
                name={`${id}-when`}
                value={w}
                checked={v.when === w}
                onChange={() => set('when', w)}
              />
              <span className="choice__label">{t(`fanclubPosts.form.whens.${w}`)}</span>
            </label>
          ))}
          {v.when === 'later' ? (
            <div className={`field post-form__at${err('publish_at') ? ' field--error' : ''}`}>
              <label htmlFor={atId} className="field__label">
                {t('fanclubPosts.form.publishAt')}
              </label>
              <input
                id={atId}
                className="input"
                type="datetime-local"
                value={v.publishAt}
                aria-invalid={err('publish_at') ? true : undefined}
                aria-describedby={describedBy(atId, atHint, err('publish_at'))}
                onChange={(e) => set('publishAt', e.currentTarget.value)}
              />
              <p id={`${atId}-hint`} className="field__hint">
                {atHint}
              </p>
              {errorLine(atId, 'publish_at')}
            </div>
          ) : null}
        </fieldset>
      )}

      <div aria-live="polite">
        {formError ? (
          <Alert kind="error">{t(formError.key, { ...params, ...formError.params })}</Alert>
        ) : null}
      </div>
      <Button
        type="submit"
        busy={busy}
        busyLabel={t('fanclubPosts.form.saving')}
        className="post-form__submit"
      >
        {submitLabel}
      </Button>
    </form>
  );
}

import type { MypageResponse, ProfileImageKind } from '@app/shared/schemas/mypage';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { queryClient } from '../../../lib/query.ts';
import { errorMessage, type Message, validationMessage } from '../../store/messages.ts';
import { accountKey } from '../account-store.ts';
import { getProfileUploadUrl, setProfileImage } from '../api/profileImages.ts';
import { imageAccept, imageMaxMegabytes, imageProblem, uploadWithProgress } from '../upload.ts';
import '../profile-images.css';

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'processing' };

/** One picture (avatar or background): the current one or a preview, choose, progress, remove. */
function ImagePicker({ kind, current }: { kind: ProfileImageKind; current: string | null }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<Message | null>(null);
  const [done, setDone] = useState<'saved' | 'removed' | null>(null);
  const max = imageMaxMegabytes(kind);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const saved = (data: MypageResponse) => queryClient.setQueryData(accountKey, data);

  async function onPick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    setDone(null);
    const problem = imageProblem(kind, file);
    if (problem) {
      setError({
        key: problem === 'type' ? 'mypage.profileImages.errorType' : 'mypage.profileImages.errorSize',
        params: { max },
      });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const target = await getProfileUploadUrl({ kind, content_type: file.type as 'image/jpeg' });
      if (!target) return;
      if (!target.ok) {
        setError(validationMessage(target));
        return;
      }
      try {
        await uploadWithProgress(target.data, file, (share) =>
          setPhase({ kind: 'uploading', percent: Math.round(share * 100) }),
        );
      } catch {
        setError({ key: 'mypage.profileImages.errorUpload' });
        return;
      }
      setPhase({ kind: 'processing' });
      const result = await setProfileImage({ kind, upload_key: target.data.key });
      if (!result) return;
      if (!result.ok) {
        setError(validationMessage(result, { max }));
        return;
      }
      saved(result.data);
      setDone('saved');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPhase({ kind: 'idle' });
      setPreview(null);
    }
  }

  async function onRemove() {
    if (!window.confirm(t('mypage.profileImages.removeConfirm'))) return;
    setError(null);
    setDone(null);
    setPhase({ kind: 'processing' });
    try {
      const result = await setProfileImage({ kind, upload_key: null });
      if (result?.ok) {
        saved(result.data);
        setDone('removed');
      } else if (result) setError(validationMessage(result));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPhase({ kind: 'idle' });
    }
  }

  const shown = preview ?? current;
  const busy = phase.kind !== 'idle';
  return (
    <div className={`profile-image profile-image--${kind}`}>
      <h3 className="profile-image__label" id={`${inputId}-label`}>
        {t(`mypage.profileImages.${kind}`)}
      </h3>
      <div className="profile-image__frame">
        {shown ? (
          <img
            className="profile-image__img"
            src={shown}
            alt={preview ? t('mypage.profileImages.preview') : t(`mypage.profileImages.${kind}`)}
          />
        ) : (
          <span className="profile-image__none">{t('mypage.profileImages.none')}</span>
        )}
      </div>
      {phase.kind === 'uploading' ? (
        <div role="status">
          <progress max={100} value={phase.percent} aria-labelledby={`${inputId}-label`} />{' '}
          {t('mypage.profileImages.uploading', { percent: phase.percent })}
        </div>
      ) : phase.kind === 'processing' ? (
        <p role="status">{t('mypage.profileImages.processing')}</p>
      ) : null}
      <Alert kind="error">{error ? t(error.key, error.params ?? {}) : null}</Alert>
      <Alert kind="success">{done ? t(`mypage.profileImages.${done}`) : null}</Alert>
      <div className="profile-image__actions">
        <input
          ref={input}
          id={inputId}
          type="file"
          className="visually-hidden"
          accept={imageAccept(kind)}
          onChange={onPick}
          disabled={busy}
          aria-describedby={`${inputId}-hint`}
        />
        <Button type="button" variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
          {t(current ? 'mypage.profileImages.change' : 'mypage.profileImages.choose')}
        </Button>
        {current ? (
          <Button type="button" variant="secondary" disabled={busy} onClick={onRemove}>
            {t('mypage.profileImages.remove')}
          </Button>
        ) : null}
      </div>
      <p className="field__hint" id={`${inputId}-hint`}>
        {t('mypage.profileImages.hint', { max })}
      </p>
    </div>
  );
}

/** The avatar and background of the account (mypage-edit), saved on their own (not with the form). */
export function ProfileImages({ account }: { account: MypageResponse }) {
  const { t } = useTranslation();
  return (
    <section className="profile-images" aria-labelledby="profile-images-heading">
      <h2 id="profile-images-heading" className="section-title">
        {t('mypage.profileImages.heading')}
      </h2>
      <ImagePicker kind="avatar" current={account.profile.profile_image} />
      <ImagePicker kind="background" current={account.profile.background_image} />
    </section>
  );
}

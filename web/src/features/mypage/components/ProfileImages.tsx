import { maxMegabytes, mediaPurposes } from '@app/shared/media';
import type { MypageResponse, ProfileImageKind } from '@app/shared/schemas/mypage';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { FilePickButton, UploadProgress } from '../../../components/FilePick.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { queryClient } from '../../../lib/query.ts';
import { useImageUpload } from '../../../lib/useImageUpload.ts';
import { errorMessage, validationMessage } from '../../store/messages.ts';
import { accountKey } from '../account-store.ts';
import { getProfileUploadUrl, setProfileImage } from '../api/profileImages.ts';
import '../profile-images.css';

/** One picture (avatar or background): the current one or a preview, choose, progress, remove. */
function ImagePicker({ kind, current }: { kind: ProfileImageKind; current: string | null }) {
  const { t } = useTranslation();
  const inputId = useId();
  // After the upload the picture is saved at once (processing); the saved one then shows.
  const [processing, setProcessing] = useState(false);
  const [done, setDone] = useState<'saved' | 'removed' | null>(null);
  const saved = (data: MypageResponse) => queryClient.setQueryData(accountKey, data);
  const purpose = mediaPurposes[kind];
  const max = maxMegabytes(purpose);
  const upload = useImageUpload({
    purpose,
    getUploadUrl: (content_type) => getProfileUploadUrl({ kind, content_type }),
    messages: {
      type: { key: 'mypage.profileImages.errorType', params: { max } },
      size: { key: 'mypage.profileImages.errorSize', params: { max } },
      upload: { key: 'mypage.profileImages.errorUpload' },
    },
    onUploaded: async (key) => {
      setProcessing(true);
      try {
        const result = await setProfileImage({ kind, upload_key: key });
        if (!result) return;
        if (!result.ok) return validationMessage(result, { max });
        saved(result.data);
        setDone('saved');
      } finally {
        setProcessing(false);
        upload.reset();
      }
    },
  });
  const { preview, percent, problem: error, setProblem: setError } = upload;

  async function onRemove() {
    if (!window.confirm(t('mypage.profileImages.removeConfirm'))) return;
    setError(null);
    setDone(null);
    setProcessing(true);
    try {
      const result = await setProfileImage({ kind, upload_key: null });
      if (result?.ok) {
        saved(result.data);
        setDone('removed');
      } else if (result) setError(validationMessage(result));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setProcessing(false);
    }
  }

  const shown = preview ?? current;
  const busy = upload.uploading || processing;
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
      {percent !== null ? (
        <UploadProgress percent={percent} label={t(`mypage.profileImages.${kind}`)}>
          {t('mypage.profileImages.uploading', { percent })}
        </UploadProgress>
      ) : processing ? (
        <p role="status">{t('mypage.profileImages.processing')}</p>
      ) : null}
      <Alert kind="error">{error ? t(error.key, error.params ?? {}) : null}</Alert>
      <Alert kind="success">{done ? t(`mypage.profileImages.${done}`) : null}</Alert>
      <div className="profile-image__actions">
        <FilePickButton
          id={inputId}
          accept={upload.accept}
          onPick={(e) => {
            setDone(null);
            void upload.pick(e);
          }}
          disabled={busy}
          describedBy={`${inputId}-hint`}
        >
          {t(current ? 'mypage.profileImages.change' : 'mypage.profileImages.choose')}
        </FilePickButton>
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

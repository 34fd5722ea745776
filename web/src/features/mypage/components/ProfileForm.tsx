import { businessConfig } from '@app/shared/config';
import { ROLE } from '@app/shared/roles';
import { type ProfileView, profileUpdateRequest } from '@app/shared/schemas/mypage';
import { usernameSchema } from '@app/shared/validation';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { describedBy, FieldShell, TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { checkUsername } from '../api/checkUsername.ts';
import { updateProfile } from '../api/updateProfile.ts';

const L = businessConfig.limits;
const A = businessConfig.areas;
const CHECK_DELAY_MS = 500;

/** Area codes in display order: private, the 47 prefectures (JIS X 0401), outside Japan. */
export const areaCodes: number[] = [
  A.private,
  ...Array.from({ length: A.prefectureMax - A.prefectureMin + 1 }, (_, i) => A.prefectureMin + i),
  A.abroad,
];

type Availability = 'idle' | 'checking' | 'available' | 'taken';

/** Username availability, checked while typing (debounced) once the format is valid. */
function useUsernameAvailability(username: string, own: string | null): Availability {
  const [state, setState] = useState<Availability>('idle');
  useEffect(() => {
    const trimmed = username.trim();
    if (!usernameSchema.safeParse(trimmed).success || trimmed === own) {
      setState('idle');
      return;
    }
    setState('checking');
    let cancelled = false;
    const timer = setTimeout(() => {
      checkUsername({ username: trimmed })
        .then((result) => {
          if (cancelled) return;
          if (result?.ok) setState(result.data.available ? 'available' : 'taken');
          else setState('idle');
        })
        .catch(() => {
          if (!cancelled) setState('idle');
        });
    }, CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [username, own]);
  return state;
}

/** Profile information: sign-up STEP.1 and the account profile tab. */
export function ProfileForm({
  initial,
  submitLabel,
  onSaved,
  settings = false,
}: {
  initial: ProfileView | null;
  submitLabel: string;
  onSaved: () => void | Promise<void>;
  /** The account tab (not the sign-up step): also the privacy flags. */
  settings?: boolean;
}) {
  const { t } = useTranslation();
  const { form, submit, errorOf, formError, busy } = useApiForm(profileUpdateRequest, {
    username: initial?.username ?? '',
    nickname: initial?.nickname ?? '',
    genre: initial?.genre ?? '',
    bio: initial?.bio ?? '',
    area: initial?.area ?? A.private,
    is_anonymous_open_log: initial?.is_anonymous_open_log ?? false,
    is_hide_supporter_ranking: initial?.is_hide_supporter_ranking ?? false,
  });
  const areaId = useId();
  const bioId = useId();
  const anonId = useId();
  const creatorFields = initial?.role_id !== ROLE.FAN;
  const [username, genre, bio] = form.watch(['username', 'genre', 'bio']);
  const availability = useUsernameAvailability(username ?? '', initial?.username ?? null);

  const usernameError =
    errorOf('username') ?? (availability === 'taken' ? 'validation.usernameTaken' : undefined);
  const bioError = errorOf('bio');
  const areaError = errorOf('area');

  const onSubmit = submit(
    async (body) => {
      // A name found taken while typing is not sent (the schema's own checks came first).
      if (availability === 'taken') {
        form.setError(
          'username',
          { type: 'server', message: 'validation.usernameTaken' },
          { shouldFocus: true },
        );
        return null;
      }
      return updateProfile(body);
    },
    () => onSaved(),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="form">
      <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
      <TextField
        label={t('mypage.profile.username')}
        hint={t('mypage.profile.usernameHint', validationValues)}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        required
        maxLength={L.usernameMax}
        error={usernameError}
        {...form.register('username')}
        after={
          availability === 'checking' ? (
            <p className="field__status" role="status">
              {t('mypage.profile.checking')}
            </p>
          ) : availability === 'available' ? (
            <p className="field__status field__status--ok" role="status">
              {t('mypage.profile.available')}
            </p>
          ) : null
        }
      />
      <TextField
        label={t('mypage.profile.nickname')}
        autoComplete="nickname"
        required
        maxLength={L.nicknameMax}
        error={errorOf('nickname')}
        {...form.register('nickname')}
      />
      {/* Genre and bio describe a creator: fans are not asked for them. */}
      {creatorFields ? (
        <>
          <TextField
            label={t('mypage.profile.genre')}
            placeholder={t('mypage.profile.genrePlaceholder')}
            hint={t('common.charCount', { count: (genre ?? '').length, max: L.genreMax })}
            error={errorOf('genre')}
            {...form.register('genre')}
          />
          <FieldShell
            id={bioId}
            label={t('mypage.profile.bio')}
            hint={t('common.charCount', { count: (bio ?? '').length, max: L.bioMax })}
            error={bioError}
          >
            <textarea
              id={bioId}
              className="textarea"
              aria-invalid={bioError ? true : undefined}
              aria-describedby={describedBy(bioId, true, bioError)}
              {...form.register('bio')}
            />
          </FieldShell>
        </>
      ) : null}
      <FieldShell
        id={areaId}
        label={t('mypage.profile.area')}
        hint={t('mypage.profile.areaHint')}
        error={areaError}
      >
        <select
          id={areaId}
          className="select"
          aria-invalid={areaError ? true : undefined}
          aria-describedby={describedBy(areaId, true, areaError)}
          {...form.register('area', { valueAsNumber: true })}
        >
          {areaCodes.map((code) => (
            <option key={code} value={code}>
              {t(`areas.${code}`)}
            </option>
          ))}
        </select>
      </FieldShell>
      {/* The two privacy flags are settings of an existing account, not sign-up questions. */}
      {settings ? (
        <div className="field">
          <label className="choice">
            <input
              type="checkbox"
              {...form.register('is_anonymous_open_log')}
              aria-describedby={`${anonId}-hint`}
            />
            <span className="choice__label">{t('mypage.profile.anonymousOpenLog')}</span>
          </label>
          <p className="field__hint" id={`${anonId}-hint`}>
            {t('mypage.profile.anonymousOpenLogHint')}
          </p>
          {creatorFields ? (
            <>
              <label className="choice">
                <input
                  type="checkbox"
                  {...form.register('is_hide_supporter_ranking')}
                  aria-describedby={`${anonId}-ranking`}
                />
                <span className="choice__label">{t('mypage.profile.hideSupporterRanking')}</span>
              </label>
              <p className="field__hint" id={`${anonId}-ranking`}>
                {t('mypage.profile.hideSupporterRankingHint')}
              </p>
            </>
          ) : null}
        </div>
      ) : null}
      <Button
        type="submit"
        className="btn--block"
        busy={busy}
        busyLabel={t('common.actions.saving')}
        disabled={availability === 'checking'}
      >
        {submitLabel}
      </Button>
    </form>
  );
}

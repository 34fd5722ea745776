import { businessConfig } from '@app/shared/config';
import { accountTypes, type BankRequest, type BankView, bankRequest } from '@app/shared/schemas/mypage';
import { codeSchema } from '@app/shared/validation';
import { type Ref, useEffect, useId, useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { Alert } from '../../../components/Alert.tsx';
import { CodeField } from '../../../components/CodeField.tsx';
import { describedBy, FieldShell, TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { ApiError, errorMessageKey } from '../../../lib/api.ts';
import { type FormMessage, failureMessage, useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { toFullWidthKatakana } from '../../../lib/kana.ts';
import { searchBanks } from '../api/searchBanks.ts';
import { searchBranches } from '../api/searchBranches.ts';
import { sendBankCode } from '../api/sendBankCode.ts';
import { updateBank } from '../api/updateBank.ts';

const SEARCH_DELAY_MS = 300;

interface Choice {
  code: string;
  name: string;
}

async function bankChoices(q: string): Promise<Choice[] | null> {
  const result = await searchBanks(q);
  return result?.ok ? result.data.banks : null;
}

/** Search-as-you-type over the bank or branch list, then pick one. */
function CodePicker({
  label,
  searchLabel,
  placeholder,
  picked,
  onPick,
  search,
  error,
  disabledHint,
  failureKey,
  inputRef,
}: {
  /** The search input: the form focuses it when the pick is missing. */
  inputRef?: Ref<HTMLInputElement>;
  label: string;
  searchLabel: string;
  placeholder: string;
  picked: Choice | null;
  onPick: (choice: Choice | null) => void;
  search: ((q: string) => Promise<Choice[] | null>) | null;
  error?: string | undefined;
  disabledHint?: string;
  failureKey: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<Choice[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (picked || !search) return;
    let cancelled = false;
    setSearching(true);
    const timer = setTimeout(() => {
      search(q.trim())
        .then((list) => {
          if (!cancelled) {
            setResults(list);
            setFailure(null);
          }
        })
        .catch((err: unknown) => {
          if (!cancelled) setFailure(errorMessageKey(err, failureKey));
        })
        .finally(() => {
          if (!cancelled) setSearching(false);
        });
    }, SEARCH_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [q, picked, search, failureKey]);

  if (picked) {
    return (
      <fieldset className="field fieldset-plain">
        <legend className="field__label">{label}</legend>
        <div className="picked">
          <span>{t('mypage.bank.selected', { name: picked.name, code: picked.code })}</span>
          <Button
            variant="link"
            onClick={() => onPick(null)}
            aria-label={`${label}: ${t('mypage.bank.change')}`}
          >
            {t('mypage.bank.change')}
          </Button>
        </div>
      </fieldset>
    );
  }

  return (
    <FieldShell
      id={id}
      label={t('mypage.bank.searchLabel', { label, search: searchLabel })}
      required
      error={error}
      hint={search ? undefined : disabledHint}
    >
      <input
        ref={inputRef}
        id={id}
        className="input"
        type="search"
        placeholder={placeholder}
        value={q}
        disabled={!search}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, !search && disabledHint, error)}
        aria-controls={`${id}-results`}
        onChange={(e) => setQ(e.target.value)}
      />
      {search ? (
        <div id={`${id}-results`}>
          {failure ? <p className="field__error">{t(failure)}</p> : null}
          {searching ? (
            <p className="field__status" role="status">
              {t('mypage.bank.searching')}
            </p>
          ) : null}
          {!searching && results && results.length === 0 ? (
            <p className="field__status">{t('mypage.bank.noResults')}</p>
          ) : null}
          {results && results.length > 0 ? (
            <ul className="results" aria-label={`${label}: ${t('mypage.bank.results')}`}>
              {results.map((r) => (
                <li key={r.code}>
                  <button type="button" onClick={() => onPick(r)}>
                    {r.name} <span className="muted small">({r.code})</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </FieldShell>
  );
}

const bankCodeForm = z.object({ code: codeSchema });

/** The code mail of a bank change: where it went, or why it could not be sent. */
interface CodeMail {
  sentTo: string | null;
  sending: boolean;
  error: FormMessage | null;
}

/**
 * Changing stored details: the server asked for the code mailed to the account's e-mail
 * (`bank_code_required`). The code is sent as this step opens; it can be sent again (within the
 * hourly limit, whose message says how long to wait), and the details are saved with it.
 */
function BankCodeStep({
  details,
  mail,
  onResend,
  onSaved,
  onCancel,
}: {
  details: BankRequest;
  mail: CodeMail;
  onResend: () => void;
  onSaved: () => void | Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { form, submit, errorOf, formError, busy } = useApiForm(bankCodeForm, { code: '' });
  const { setFocus } = form;
  useEffect(() => {
    if (mail.sentTo) setFocus('code');
  }, [mail.sentTo, setFocus]);
  const onSubmit = submit(
    ({ code }) => updateBank({ ...details, code }),
    () => onSaved(),
  );
  const shown = formError ?? mail.error;
  return (
    <section aria-labelledby="bank-code-heading">
      <form onSubmit={onSubmit} noValidate className="form">
        <h2 id="bank-code-heading" className="section-title">
          {t('mypage.bankChange.heading')}
        </h2>
        <p className="page__lead">{t('mypage.bankChange.lead')}</p>
        <Alert kind="success">
          {mail.sentTo ? (
            <span className="break">{t('mypage.bankChange.sent', { email: mail.sentTo })}</span>
          ) : null}
        </Alert>
        <Alert kind="error">{shown ? t(shown.key, shown.params ?? {}) : null}</Alert>
        <CodeField control={form.control} error={errorOf('code')} />
        <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.saving')}>
          {t('mypage.bankChange.submit')}
        </Button>
        <Button variant="secondary" onClick={onResend} busy={mail.sending} disabled={busy}>
          {t('mypage.bankChange.resend')}
        </Button>
        <Button variant="link" onClick={onCancel} disabled={busy}>
          {t('mypage.bankChange.cancel')}
        </Button>
      </form>
    </section>
  );
}

/**
 * Bank account for rewards: sign-up STEP.3 and the account withdrawal tab. Saving changed
 * details over stored ones asks for a code mailed to the account's e-mail (BankCodeStep).
 */
export function BankForm({
  initial,
  submitLabel,
  onSaved,
}: {
  initial: BankView | null;
  submitLabel: string;
  onSaved: () => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const { form, submit, errorOf, formError, busy } = useApiForm(bankRequest, {
    bank_code: initial?.bank_code ?? '',
    branch_code: initial?.branch_code ?? '',
    account_type: initial?.account_type ?? 'ordinary',
    account_number: initial?.account_number ?? '',
    account_owner: initial?.account_owner ?? '',
  });
  const typeId = useId();
  // The picked bank and branch with their names; the form holds their codes.
  const [bank, setBank] = useState<Choice | null>(
    initial ? { code: initial.bank_code, name: initial.bank_name } : null,
  );
  const [branch, setBranch] = useState<Choice | null>(
    initial ? { code: initial.branch_code, name: initial.branch_name } : null,
  );
  const bankField = useController({ control: form.control, name: 'bank_code' }).field;
  const branchField = useController({ control: form.control, name: 'branch_code' }).field;
  const accountNumber = form.register('account_number');
  const owner = form.register('account_owner');
  const revalidate = form.formState.isSubmitted;

  const bankCode = bank?.code;
  const branchSearch = useMemo(
    () =>
      bankCode
        ? async (q: string) => {
            const result = await searchBranches(bankCode, q);
            return result?.ok ? result.data.branches : null;
          }
        : null,
    [bankCode],
  );

  const normalizeOwner = () =>
    form.setValue('account_owner', toFullWidthKatakana(form.getValues('account_owner')), {
      shouldValidate: revalidate,
    });

  // The details waiting for the change code, and its mail.
  const [pending, setPending] = useState<BankRequest | null>(null);
  const [mail, setMail] = useState<CodeMail>({ sentTo: null, sending: false, error: null });
  const mailCode = async () => {
    setMail((m) => ({ ...m, sending: true, error: null }));
    try {
      const result = await sendBankCode();
      setMail((m) => ({
        sentTo: result?.ok ? result.data.email : m.sentTo,
        sending: false,
        error: result && !result.ok ? { key: 'errors.validation' } : null,
      }));
    } catch (err) {
      setMail((m) => ({ ...m, sending: false, error: failureMessage(err) }));
    }
  };

  const send = submit(
    async (body) => {
      try {
        return await updateBank(body);
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 'bank_code_required')) throw err;
        setPending(body);
        setMail({ sentTo: null, sending: false, error: null });
        await mailCode();
        return null;
      }
    },
    () => onSaved(),
  );
  const onSubmit: typeof send = (event) => {
    // The owner's name is sent as full-width katakana, as the bank expects it.
    normalizeOwner();
    return send(event);
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="form">
        <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
        {/* While the change waits for its code, the details stay as they will be saved. */}
        <fieldset className="fieldset-plain form" disabled={!!pending}>
          <CodePicker
            label={t('mypage.bank.bank')}
            searchLabel={t('mypage.bank.bankSearch')}
            placeholder={t('mypage.bank.bankSearchPlaceholder')}
            picked={bank}
            onPick={(choice) => {
              setBank(choice);
              setBranch(null);
              form.setValue('bank_code', choice?.code ?? '', { shouldValidate: revalidate });
              form.setValue('branch_code', '');
            }}
            search={bankChoices}
            inputRef={bankField.ref}
            error={errorOf('bank_code')}
            failureKey="errors.bankSearch"
          />
          <CodePicker
            label={t('mypage.bank.branch')}
            searchLabel={t('mypage.bank.branchSearch')}
            placeholder={t('mypage.bank.branchSearchPlaceholder')}
            picked={branch}
            onPick={(choice) => {
              setBranch(choice);
              form.setValue('branch_code', choice?.code ?? '', { shouldValidate: revalidate });
            }}
            search={branchSearch}
            inputRef={branchField.ref}
            error={errorOf('branch_code')}
            disabledHint={t('mypage.bank.selectBankFirst')}
            failureKey="errors.branchSearch"
          />
          <FieldShell
            id={typeId}
            label={t('mypage.bank.accountType')}
            required
            error={errorOf('account_type')}
          >
            <select id={typeId} className="select" {...form.register('account_type')}>
              {accountTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`mypage.bank.${type}`)}
                </option>
              ))}
            </select>
          </FieldShell>
          <TextField
            label={t('mypage.bank.accountNumber', validationValues)}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            required
            maxLength={businessConfig.limits.accountNumberLength}
            error={errorOf('account_number')}
            {...accountNumber}
            onChange={(e) => {
              e.target.value = e.target.value
                .replace(/\D/g, '')
                .slice(0, businessConfig.limits.accountNumberLength);
              return accountNumber.onChange(e);
            }}
          />
          <TextField
            label={t('mypage.bank.accountOwner')}
            hint={t('mypage.bank.accountOwnerHint')}
            autoComplete="off"
            placeholder={t('mypage.bank.accountOwnerPlaceholder')}
            required
            maxLength={businessConfig.limits.accountOwnerMax}
            error={errorOf('account_owner')}
            {...owner}
            onBlur={(e) => {
              normalizeOwner();
              return owner.onBlur(e);
            }}
          />
        </fieldset>
        {pending ? null : (
          <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.saving')}>
            {submitLabel}
          </Button>
        )}
      </form>
      {pending ? (
        <BankCodeStep
          details={pending}
          mail={mail}
          onResend={() => void mailCode()}
          onSaved={async () => {
            setPending(null);
            await onSaved();
          }}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </>
  );
}

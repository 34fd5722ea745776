import { cardErrorCodes } from '@app/shared/errors';
import { SquareError, SquareTimeoutError } from 'square';
import { describe, expect, it } from 'vitest';
import { CardError } from './payment-gateway.ts';
import { cardErrorCodeOf, toCardError } from './square.ts';

const pm = (code: string) => ({ category: 'PAYMENT_METHOD_ERROR', code });
const req = (code: string) => ({ category: 'INVALID_REQUEST_ERROR', code });

describe('cardErrorCodeOf', () => {
  it.each([
    ['card_invalid', ['INVALID_CARD', 'INVALID_CARD_DATA', 'CARD_TOKEN_USED', 'CARD_TOKEN_EXPIRED']],
    ['card_invalid', ['INVALID_ACCOUNT', 'CARD_NOT_SUPPORTED', 'NOT_FOUND', 'SOURCE_USED']],
    ['card_expired', ['INVALID_EXPIRATION', 'CARD_EXPIRED', 'EXPIRATION_FAILURE', 'BAD_EXPIRATION']],
    ['card_expired', ['INVALID_EXPIRATION_YEAR', 'INVALID_EXPIRATION_DATE']],
    ['card_declined', ['GENERIC_DECLINE', 'CARD_DECLINED', 'INSUFFICIENT_FUNDS', 'TRANSACTION_LIMIT']],
    ['card_declined', ['CARD_DECLINED_CALL_ISSUER', 'CARD_DECLINED_VERIFICATION_REQUIRED', 'VOICE_FAILURE']],
    ['card_declined', ['AMOUNT_TOO_HIGH', 'PAYMENT_LIMIT_EXCEEDED']],
    ['card_processing', ['INTERNAL_SERVER_ERROR', 'TEMPORARY_ERROR']],
    ['card_network', ['SERVICE_UNAVAILABLE', 'GATEWAY_TIMEOUT']],
    ['card_security', ['CVV_FAILURE', 'ADDRESS_VERIFICATION_FAILURE', 'PAN_FAILURE']],
    ['card_security', ['VERIFY_CVV_FAILURE', 'VERIFY_AVS_FAILURE', 'ALLOWABLE_PIN_TRIES_EXCEEDED']],
  ] as const)('%s for %j', (expected, codes) => {
    for (const code of codes) expect(cardErrorCodeOf([pm(code)], 400), code).toBe(expected);
  });

  it('classifies by code whatever the category and status', () => {
    expect(cardErrorCodeOf([req('CARD_TOKEN_USED')], 400)).toBe('card_invalid');
    expect(cardErrorCodeOf([pm('GENERIC_DECLINE')], 402)).toBe('card_declined');
    expect(cardErrorCodeOf([pm('GENERIC_DECLINE')])).toBe('card_declined');
  });

  it('takes the first code it knows', () => {
    expect(cardErrorCodeOf([req('VALUE_TOO_LONG'), pm('CVV_FAILURE'), pm('GENERIC_DECLINE')], 400)).toBe(
      'card_security',
    );
    expect(cardErrorCodeOf([pm('GENERIC_DECLINE'), pm('CVV_FAILURE')], 402)).toBe('card_declined');
  });

  it('falls back to API_ERROR, then to the status (503/504 network, other 5xx processing)', () => {
    expect(cardErrorCodeOf([{ category: 'API_ERROR', code: 'SOMETHING_NEW' }], 400)).toBe('card_processing');
    expect(cardErrorCodeOf([], 500)).toBe('card_processing');
    expect(cardErrorCodeOf([], 502)).toBe('card_processing');
    expect(cardErrorCodeOf([], 503)).toBe('card_network');
    expect(cardErrorCodeOf([{ category: 'V1_ERROR', code: 'Unknown' }], 504)).toBe('card_network');
  });

  it('is card_unknown for codes it does not know, on a 4xx or without a status', () => {
    expect(cardErrorCodeOf([pm('LOCAL_UNKNOWN_DECLINE')], 402)).toBe('card_unknown');
    expect(cardErrorCodeOf([{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED' }], 401)).toBe(
      'card_unknown',
    );
    expect(cardErrorCodeOf([])).toBe('card_unknown');
    expect(cardErrorCodeOf([{}], 400)).toBe('card_unknown');
  });

  it('does not mistake Object.prototype names for codes', () => {
    expect(cardErrorCodeOf([pm('constructor'), pm('toString')], 400)).toBe('card_unknown');
  });

  it('only ever answers one of the seven card error codes', () => {
    const samples = ['GENERIC_DECLINE', 'X', 'CVV_FAILURE', 'TEMPORARY_ERROR', 'NOT_FOUND', ''];
    for (const code of samples) {
      for (const status of [undefined, 400, 402, 404, 500, 503]) {
        expect(cardErrorCodes).toContain(cardErrorCodeOf([pm(code)], status));
      }
    }
  });
});

describe('toCardError', () => {
  const squareError = (statusCode: number | undefined, errors?: unknown[], cause?: unknown) =>
    new SquareError({
      ...(statusCode === undefined ? { message: 'fetch failed' } : { statusCode }),
      ...(errors ? { body: { errors } } : {}),
      ...(cause ? { cause } : {}),
    });

  it('a definitive 4xx card error: outcome known, Square codes kept', () => {
    const err = toCardError(squareError(402, [pm('GENERIC_DECLINE')]));
    expect(err).toBeInstanceOf(CardError);
    expect(err).toMatchObject({
      code: 'card_declined',
      squareCodes: ['GENERIC_DECLINE'],
      outcomeUnknown: false,
    });
  });

  it('a 5xx: the charge may exist', () => {
    expect(
      toCardError(squareError(500, [{ category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR' }])),
    ).toMatchObject({ code: 'card_processing', outcomeUnknown: true });
    // A proxy's HTML 502 reaches the SDK as a non-JSON body.
    expect(toCardError(squareError(502))).toMatchObject({ code: 'card_processing', outcomeUnknown: true });
  });

  it('a timeout or a dropped connection is a network error with an unknown outcome', () => {
    expect(toCardError(new SquareTimeoutError('Timeout exceeded'))).toMatchObject({
      code: 'card_network',
      outcomeUnknown: true,
    });
    const reset = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    expect(
      toCardError(squareError(undefined, undefined, new TypeError('fetch failed', { cause: reset }))),
    ).toMatchObject({
      code: 'card_network',
      outcomeUnknown: true,
    });
    const econnreset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(toCardError(squareError(undefined, undefined, econnreset))).toMatchObject({
      code: 'card_network',
      squareCodes: ['ECONNRESET'],
      outcomeUnknown: true,
    });
  });

  it('a connection that was never made cannot have charged', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(
      toCardError(squareError(undefined, undefined, new TypeError('fetch failed', { cause: refused }))),
    ).toMatchObject({ code: 'card_network', outcomeUnknown: false });
  });

  it('keeps no Square message (it repeats the response body) and passes other errors through', () => {
    const err = toCardError(squareError(402, [{ ...pm('GENERIC_DECLINE'), detail: 'last_4 1111' }])) as Error;
    expect(err.message).toBe('card_declined (GENERIC_DECLINE)');
    const bug = new RangeError('bug');
    expect(toCardError(bug)).toBe(bug);
  });
});

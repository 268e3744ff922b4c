import { describe, expect, it } from 'vitest';
import { LANGS } from '../lang';
import { ERRORS, errorKeyByCode, errorMessage, type ErrorKey } from './index';

const keys = Object.keys(ERRORS) as ErrorKey[];

describe('error catalogue', () => {
  it('gives every entry a unique numeric code', () => {
    const codes = keys.map((k) => ERRORS[k].code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const k of keys) expect(errorKeyByCode(ERRORS[k].code)).toBe(k);
  });

  it('has a non-empty message in every language, with the same parameters', () => {
    for (const k of keys) {
      const params = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const en = params(ERRORS[k].msg.en);
      for (const lang of LANGS) {
        expect(ERRORS[k].msg[lang].trim(), `${k} ${lang}`).not.toBe('');
        expect(params(ERRORS[k].msg[lang]), `${k} ${lang}`).toEqual(en);
      }
    }
  });

  it('covers the spec §8 messages and the two rule messages', () => {
    const required: ErrorKey[] = [
      'OPERATION_FAILED',
      'ALREADY_HANDLED',
      'NOT_FOUND',
      'SERVER_ERROR',
      'UNAUTHORIZED_OPERATION',
      'WRONG_VERIFICATION_CODE',
      'WRONG_FUND_PASSWORD',
      'NOT_VERIFIED',
      'ALREADY_VERIFIED',
      'VERIFICATION_UNDER_REVIEW',
      'INSUFFICIENT_BALANCE',
      'WRONG_OLD_PASSWORD',
      'REFERRER_NOT_FOUND',
      'WRONG_LOGIN_PASSWORD',
      'WRONG_ACCOUNT_OR_PASSWORD',
      'USER_NOT_FOUND',
      'ACCOUNT_EXISTS',
      'ALREADY_BOUND',
      'ACCOUNT_DISABLED',
      'BELOW_MIN_WITHDRAWAL',
      'APPLICATION_PENDING',
      'WRONG_ADDRESS',
      'BELOW_MIN_PURCHASE',
      'CANNOT_CANCEL_WHILE_MATCHING',
      'ORDER_NOT_REVOCABLE',
      'CANNOT_CLOSE_NOW',
      'FIAT_REQUIRES_VERIFICATION',
      'PAYMENT_METHOD_NOT_ALLOWED',
      'NICKNAME_TAKEN',
      'NICKNAME_REQUIRED',
      'WITHDRAWAL_BELOW_FEE',
      'LIQUIDATION_RISK',
      'ORDER_NOT_FOUND',
      'TPSL_CONFLICT',
      'INSUFFICIENT_FUNDING',
      'PAYMENT_ACCOUNT_EXISTS',
      'BANK_CARD_EXISTS',
      'MARGIN_TOPUP_REQUIRED',
      'PRICE_OUT_OF_LIMIT',
      'CLOSE_LOTS_EXCEED_POSITION',
      'INVALID_INVITATION_CODE',
      'TRANSFER_BELOW_FEE',
      'TRANSACTION_BUSY',
      'SYSTEM_BUSY',
      'OPTION_MARKET_CLOSED',
      'PRIZE_POOL_FULL',
      'PAIR_CLOSED',
      'COIN_MISMATCH',
      'ORDER_AMOUNT_OUT_OF_RANGE',
      'ALREADY_JOINED_ROUND',
      'SUBSCRIPTION_LIMIT',
      'CANNOT_ORDER_OWN_AD',
      'MINER_FUEL_INSUFFICIENT',
      'MINER_PURCHASE_LIMIT',
      'MINER_NOT_FOUND',
      'MERCHANT_CANCEL_PENALTY',
      'WITHDRAW_LOCKED_PASSWORD_CHANGE',
    ];
    for (const k of required) expect(ERRORS[k]).toBeDefined();
  });

  it('uses the spec codes for session and authorisation', () => {
    expect(ERRORS.SESSION_INVALID.code).toBe(400);
    expect(ERRORS.UNAUTHORIZED.code).toBe(401);
  });

  it('fills parameters into the message', () => {
    expect(errorMessage('BELOW_MIN_WITHDRAWAL', 'en', { min: '1', asset: 'USDT' })).toBe(
      'The amount is below the minimum withdrawal of 1 USDT.',
    );
    expect(errorMessage('BELOW_MIN_WITHDRAWAL', 'zh_CN', { min: '1', asset: 'USDT' })).toBe('低于最小提币数量 1 USDT');
  });
});

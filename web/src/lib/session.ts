import { isSetupComplete, ROLE } from '@app/shared/roles';
import type { TokenResponse } from '@app/shared/schemas/auth';
import { isLocalStage } from './config.ts';
import {
  cookieDays,
  deleteCookie,
  getCookie,
  hasSessionCookie,
  setCookie,
  storeAdCookie,
} from './cookies.ts';
import { createStore, useStore } from './store.ts';

/** Client auth state (spec 3 "Client session state"). */
export interface AuthState {
  profile: { id: string; role_id: number } | null;
  step: number;
  finalStep: number;
  /**
   * Setup (the sign-up steps) is complete: known from GET /mypage, and remembered for the profile in
   * localStorage so a fresh load knows it before reading the account (the header's logo links home).
   */
  setupComplete: boolean;
  /**
   * A cast must choose its own password before anything else (issue 16): from the login's token,
   * GET /mypage or a 403 'password_change_required'; remembered for the profile like `setupComplete`.
   */
  passwordChangeRequired: boolean;
  roleId: number | null;
  ad: boolean;
  websocket_connected: boolean;
}

const SESSION_COOKIES = [
  'access_token',
  'refresh_token',
  'refresh_token_expires_at',
  'profile_id',
  'role_id',
];

const SETUP_KEY = 'setup_complete';
const PASSWORD_CHANGE_KEY = 'password_change_required';

/** Whether localStorage remembers `key` for this profile. */
function remembered(key: string, profileId: string | null): boolean {
  try {
    return profileId !== null && localStorage.getItem(key) === profileId;
  } catch {
    return false;
  }
}

/** Remembers `key` for the profile (null forgets it). */
function remember(key: string, profileId: string | null): void {
  try {
    if (profileId) localStorage.setItem(key, profileId);
    else localStorage.removeItem(key);
  } catch {
    // storage unavailable (private mode): the account read tells it again
  }
}

const storedSetupComplete = (profileId: string | null) => remembered(SETUP_KEY, profileId);
const rememberSetupComplete = (profileId: string | null) => remember(SETUP_KEY, profileId);

function fromCookies(): AuthState {
  const id = getCookie('profile_id');
  const role = Number(getCookie('role_id'));
  const roleId = Number.isInteger(role) && role > 0 ? role : null;
  return {
    profile: id && roleId ? { id, role_id: roleId } : null,
    step: 0,
    finalStep: 0,
    setupComplete: storedSetupComplete(id && roleId ? id : null),
    passwordChangeRequired: remembered(PASSWORD_CHANGE_KEY, id && roleId ? id : null),
    roleId,
    ad: getCookie('ad') === '1',
    websocket_connected: false,
  };
}

export const authStore = createStore<AuthState>({
  profile: null,
  step: 0,
  finalStep: 0,
  setupComplete: false,
  passwordChangeRequired: false,
  roleId: null,
  ad: false,
  websocket_connected: false,
});

/** The last role seen in this tab: picks the login page after the session is gone. */
let lastRoleId: number | null = null;

/** Read the cookies into the auth state (at start-up and after another tab changed them). */
export function loadSession(): void {
  const state = fromCookies();
  if (state.roleId) lastRoleId = state.roleId;
  authStore.set((prev) => ({ ...state, step: prev.step, finalStep: prev.finalStep }));
}

export const accessToken = () => getCookie('access_token');
export const refreshToken = () => getCookie('refresh_token');
export const profileId = () => getCookie('profile_id');
export const hasSession = hasSessionCookie;

/** Save the tokens of a login, registration or LINE callback. */
export function saveSession(token: TokenResponse): void {
  const local = isLocalStage();
  setCookie('access_token', token.access_token, { days: cookieDays.access_token, local });
  setCookie('refresh_token', token.refresh_token, { days: cookieDays.refresh_token, local });
  setCookie('refresh_token_expires_at', token.refresh_token_expires_at, {
    days: cookieDays.refresh_token_expires_at,
    local,
  });
  setCookie('profile_id', token.profile_id, { days: cookieDays.profile_id, local });
  setCookie('role_id', String(token.role_id), { days: cookieDays.role_id, local });
  lastRoleId = token.role_id;
  const passwordChangeRequired = token.password_change_required === true;
  remember(PASSWORD_CHANGE_KEY, passwordChangeRequired ? token.profile_id : null);
  authStore.set((prev) => ({
    ...prev,
    profile: { id: token.profile_id, role_id: token.role_id },
    roleId: token.role_id,
    step: 0,
    finalStep: 0,
    setupComplete: storedSetupComplete(token.profile_id),
    passwordChangeRequired,
  }));
}

/** Save the tokens of a refresh: the new access token cookie lives one hour. */
export function saveRefreshedTokens(tokens: {
  access_token: string;
  refresh_token?: string | undefined;
  refresh_token_expires_at?: string | undefined;
}): void {
  const local = isLocalStage();
  setCookie('access_token', tokens.access_token, { days: cookieDays.refreshedAccessToken, local });
  if (tokens.refresh_token) {
    setCookie('refresh_token', tokens.refresh_token, { days: cookieDays.refresh_token, local });
  }
  if (tokens.refresh_token_expires_at) {
    setCookie('refresh_token_expires_at', tokens.refresh_token_expires_at, {
      days: cookieDays.refresh_token_expires_at,
      local,
    });
  }
}

export function setSetupProgress(step: number, finalStep: number): void {
  const { profile } = authStore.get();
  const setupComplete = profile !== null && isSetupComplete(profile.role_id, finalStep);
  rememberSetupComplete(setupComplete && profile ? profile.id : null);
  authStore.set((prev) => ({ ...prev, step, finalStep, setupComplete }));
}

/**
 * The signed-in cast must (true) or need no longer (false) choose its password first. Screens
 * behind `RequireAuth` send it to the password page while this holds.
 */
export function setPasswordChangeRequired(required: boolean): void {
  const { profile, passwordChangeRequired } = authStore.get();
  if (!profile || passwordChangeRequired === required) return;
  remember(PASSWORD_CHANGE_KEY, required ? profile.id : null);
  authStore.set((prev) => ({ ...prev, passwordChangeRequired: required }));
}

export function clearSession(): void {
  const local = isLocalStage();
  for (const name of SESSION_COOKIES) deleteCookie(name, local);
  rememberSetupComplete(null);
  remember(PASSWORD_CHANGE_KEY, null);
  authStore.set((prev) => ({
    ...prev,
    profile: null,
    roleId: null,
    step: 0,
    finalStep: 0,
    setupComplete: false,
    passwordChangeRequired: false,
  }));
}

/** `?ad=1` stores the advertising flag (7 days). */
export function storeAdFlag(search: string): void {
  if (storeAdCookie(search)) authStore.set((prev) => ({ ...prev, ad: true }));
}

/**
 * Fans log in through LINE (/user/login); everyone else with e-mail (/creator/login). With no
 * known role (a visitor without a session), the fan login, which links to the creator login.
 */
export function loginPathFor(roleId: number | null | undefined): '/user/login' | '/creator/login' {
  const role = roleId ?? authStore.get().roleId ?? lastRoleId;
  return role === null || role === ROLE.FAN ? '/user/login' : '/creator/login';
}

export const useAuth = () => useStore(authStore);

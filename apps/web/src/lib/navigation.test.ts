import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  afterLoginRoute,
  goToLogin,
  HOME_PATH,
  LOGIN_PATH,
  loginRoute,
  requireLogin,
  setNavigator,
} from './navigation';
import { useSession } from './stores/session';

describe('login redirects', () => {
  afterEach(() => {
    setNavigator(null);
    window.location.hash = '';
  });

  it('remembers where to come back to', () => {
    expect(loginRoute('/pages/index/notice?id=3')).toBe(`${LOGIN_PATH}?redirect=%2Fpages%2Findex%2Fnotice%3Fid%3D3`);
    expect(loginRoute('/')).toBe(LOGIN_PATH);
    expect(loginRoute('/pages/login/register')).toBe(LOGIN_PATH);
  });

  it('returns only to safe in-app routes', () => {
    expect(afterLoginRoute('/pages/index/notice?id=3')).toBe('/pages/index/notice?id=3');
    expect(afterLoginRoute(undefined)).toBe(HOME_PATH);
    expect(afterLoginRoute('https://evil.example')).toBe(HOME_PATH);
    expect(afterLoginRoute('//evil.example')).toBe(HOME_PATH);
    expect(afterLoginRoute('/pages/login/login')).toBe(HOME_PATH);
  });

  it('goToLogin does nothing on the login page itself', () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    window.location.hash = '#/pages/login/login?redirect=%2Fx';
    goToLogin();
    expect(navigate).not.toHaveBeenCalled();
    window.location.hash = '#/pages/index/allnotice';
    goToLogin();
    expect(navigate).toHaveBeenCalledWith(`${LOGIN_PATH}?redirect=%2Fpages%2Findex%2Fallnotice`, undefined);
  });

  it('requireLogin lets a logged-in user through and sends a visitor to log in', () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    useSession.getState().clear();
    expect(requireLogin('/pages/trade/trade')).toBe(false);
    expect(navigate).toHaveBeenCalledWith(`${LOGIN_PATH}?redirect=%2Fpages%2Ftrade%2Ftrade`, undefined);
    useSession.setState({ token: 't', uid: 1 });
    navigate.mockClear();
    expect(requireLogin('/pages/trade/trade')).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    useSession.getState().clear();
  });
});

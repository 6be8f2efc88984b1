import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionData } from '../../shared/schemas/auth';
import {
  AUTHORITY_KEY,
  SESSION_KEY,
  clearAuthority,
  clearSession,
  readAuthority,
  readSession,
  readToken,
  subscribeStorage,
  writeAuthority,
  writeSession,
} from './auth-storage';
import { testUser } from '../testing/fixtures';

const data: SessionData = {
  token: 'tok_1234567890',
  user: testUser,
  authority: ['user'],
};

beforeEach(() => localStorage.clear());

describe('sign-in record (seed §3)', () => {
  it('is saved as JSON under a product-specific key with the token', () => {
    writeSession(data);
    const raw = localStorage.getItem(SESSION_KEY);
    expect(SESSION_KEY).toBe('trove.session');
    expect(JSON.parse(raw!)).toEqual(data);
    expect(readSession()).toEqual(data);
    expect(readToken()).toBe('tok_1234567890');
  });

  it('reads nothing from a missing, broken or token-less record', () => {
    expect(readSession()).toBeNull();
    localStorage.setItem(SESSION_KEY, '{not json');
    expect(readSession()).toBeNull();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ user: data.user }));
    expect(readSession()).toBeNull();
    expect(readToken()).toBeNull();
  });

  it('is cleared', () => {
    writeSession(data);
    clearSession();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(readSession()).toBeNull();
  });

  it('tells subscribers about every change', () => {
    const listener = vi.fn();
    const stop = subscribeStorage(listener);
    writeSession(data);
    clearSession();
    stop();
    writeSession(data);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('authority value (seed §3)', () => {
  it('is written and read as a list under its own key', () => {
    writeAuthority(['user', 'admin']);
    expect(JSON.parse(localStorage.getItem(AUTHORITY_KEY)!)).toEqual(['user', 'admin']);
    expect(readAuthority()).toEqual(['user', 'admin']);
  });

  it('treats a bare string as a one-element list', () => {
    localStorage.setItem(AUTHORITY_KEY, 'admin');
    expect(readAuthority()).toEqual(['admin']);
    localStorage.setItem(AUTHORITY_KEY, JSON.stringify('user'));
    expect(readAuthority()).toEqual(['user']);
    writeAuthority('admin');
    expect(readAuthority()).toEqual(['admin']);
  });

  it('is an empty list when missing, and is cleared', () => {
    expect(readAuthority()).toEqual([]);
    writeAuthority(['user']);
    clearAuthority();
    expect(localStorage.getItem(AUTHORITY_KEY)).toBeNull();
    expect(readAuthority()).toEqual([]);
  });
});

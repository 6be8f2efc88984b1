import type { User } from '../../shared/schemas/auth';

/** A signed-in user as the server describes one (session data, user/info). */
export const testUser: User = {
  id: 'usr_1',
  phone: '+85291234567',
  phoneMasked: '+852 9***4567',
  nickname: '阿寶',
  avatar: null,
  bio: '',
  roles: ['user'],
  verified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

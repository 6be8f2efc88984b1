/**
 * What the back-office API answers (docs: the admin contract of issue 11). The request bodies are
 * validated with the shared zod schemas in src/shared/schemas/admin-*.ts; these are the shapes read.
 */
export type { AdminTheme as Theme, AdminCardInfo as CardInfo, AdminProduct as Product, AdminDrop as Drop } from '../../../shared/schemas/admin-catalogue';

export interface Right {
  title: string;
  description: string;
}

export interface CodeBatch {
  id: string;
  target: { kind: 'cardInfo' | 'theme'; id: string; name: string };
  count: number;
  used: number;
  unused: number;
  voided: number;
  status: string;
  note: string;
  createdAt: string;
  createdBy: string | null;
  csvAvailable: boolean;
}

export interface Banner {
  id: string;
  title: string;
  image: string;
  link: string;
  sort: number;
  startsAt: string | null;
  endsAt: string | null;
}

export interface Article {
  id: string;
  title: string;
  cover: string | null;
  category: string;
  summary: string;
  body: string;
  publishedAt: string | null;
}

export interface PrivacyVersion {
  id: string;
  version: string;
  title: string;
  body: string;
  publishedAt: string | null;
  current: boolean;
}

export interface AdminUser {
  id: string;
  phone: string;
  nickname: string;
  roles: string[];
  status: string;
  createdAt: string;
  verified: boolean;
  balance: number;
}

export interface Identity {
  id: string;
  userId: string;
  phone: string;
  idType: string;
  nameMasked: string;
  numberMasked: string;
  status: string;
  verifiedAt: string | null;
  revokedAt: string | null;
  revokedReason: string | null;
}

export interface AuditEntry {
  id: string;
  actor: { id: string; phone: string; nickname: string } | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  createdAt: string;
}

export interface Dashboard {
  daily: { date: string; sales: number; gmv: number; fees: number }[];
  ordersByStatus: Record<string, number>;
  newUsers: { date: string; count: number }[];
  drops: { kind: string; id: string; name: string; total: number; sold: number; sellThrough: number }[];
  queues: { shipments: number; withdrawals: number };
}

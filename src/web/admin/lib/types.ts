/** What the back-office API answers: the response types of the shared schemas (src/shared/schemas/admin-*.ts). */
export type {
  AdminTheme as Theme,
  AdminCardInfo as CardInfo,
  AdminProduct as Product,
  AdminDrop as Drop,
} from '../../../shared/schemas/admin-catalogue';

export type { Right } from '../../../shared/schemas/catalogue';

export type { AdminCodeBatch as CodeBatch } from '../../../shared/schemas/admin-codes';
export type {
  AdminBanner as Banner,
  AdminArticle as Article,
  AdminPrivacy as PrivacyVersion,
} from '../../../shared/schemas/admin-content';
export type { AdminUser, AdminUserDetail, AdminIdentity as Identity } from '../../../shared/schemas/admin-users';
export type { AdminListing } from '../../../shared/schemas/admin-market';
export type { AdminFeedback } from '../../../shared/schemas/standing';
export type { Dashboard } from '../../../shared/schemas/admin-dashboard';
export type { AuditRecord as AuditEntry } from '../../../shared/schemas/admin-audit';
export type { LiveDrop, LiveDropSeries } from '../../../shared/schemas/admin-live-drops';
export type { AdminPack } from '../../../shared/schemas/packs';

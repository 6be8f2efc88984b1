import { auditFieldLabel } from '../../../shared/audit-labels';
import { formatHkd, formatTime } from '../lib/format';
import './audit-diff.css';

type Fields = Record<string, unknown> | null;
const LONG = 80;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;
const MONEY = new Set(['amount', 'price', 'priceCents']);

/** One value in words: 是 / 否, HK$, Hong Kong time, lists joined; long text cut (the whole in `title`). */
export function auditValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number') return MONEY.has(key) ? formatHkd(value) : String(value);
  if (typeof value === 'string') return ISO.test(value) ? formatTime(value) : value;
  if (Array.isArray(value)) return value.length === 0 ? '（無）' : value.map((v) => auditValue(key, v)).join('、');
  return JSON.stringify(value);
}

export interface AuditChange {
  key: string;
  label: string;
  before: string | null;
  after: string | null;
}

/**
 * The fields an action changed, before → after. A record made (no before) lists what it was made with; a record
 * removed (no after) what it had; fields equal on both sides are left out.
 */
export function auditChanges(before: Fields, after: Fields): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((k) => !before || !after || JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => ({
      key: k,
      label: auditFieldLabel(k),
      before: before ? auditValue(k, before[k]) : null,
      after: after ? auditValue(k, after[k]) : null,
    }));
}

const cut = (text: string) => (text.length > LONG ? `${text.slice(0, LONG)}…` : text);

function Value({ text }: { text: string }) {
  return <span title={text.length > LONG ? text : undefined}>{cut(text)}</span>;
}

/** An audit record's change as a short list: 欄位：之前 → 之後, with Chinese field names. */
export function AuditDiff({ before, after }: { before: Fields; after: Fields }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <>—</>;
  return (
    <dl className="admin-diff">
      {changes.map((c) => (
        <div key={c.key}>
          <dt>{c.label}</dt>
          <dd>
            {c.before !== null && c.after !== null ? (
              <>
                <del>
                  <span className="visually-hidden">由 </span>
                  <Value text={c.before} />
                </del>
                <span aria-hidden="true"> → </span>
                <ins>
                  <span className="visually-hidden"> 改為 </span>
                  <Value text={c.after} />
                </ins>
              </>
            ) : (
              <Value text={(c.after ?? c.before)!} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

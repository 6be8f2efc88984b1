import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditDiff, auditChanges } from './audit-diff';

describe('the audit log diff', () => {
  it('lists only the changed fields, with Chinese names, money, Hong Kong time and lists in words', () => {
    const changes = auditChanges(
      { status: 'active', roles: ['user'], priceCents: 39900, saleStartsAt: '2026-12-01T02:00:00.000Z', name: '麒麟' },
      { status: 'disabled', roles: ['user', 'admin'], priceCents: 31920, saleStartsAt: null, name: '麒麟' },
    );
    expect(changes).toEqual([
      { key: 'status', label: '狀態', before: 'active', after: 'disabled' },
      { key: 'roles', label: '角色', before: 'user', after: 'user、admin' },
      { key: 'priceCents', label: '價格', before: 'HK$399.00', after: 'HK$319.20' },
      { key: 'saleStartsAt', label: '開售時間', before: '2026-12-01 10:00', after: '—' },
    ]);
  });

  it('shows what a new record was made with, and what a removed one had', () => {
    expect(auditChanges(null, { purpose: 'card_info', bytes: 1024 })).toEqual([
      { key: 'purpose', label: '用途', before: null, after: 'card_info' },
      { key: 'bytes', label: '檔案大小（位元組）', before: null, after: '1024' },
    ]);
    expect(auditChanges({ isBCard: true }, null)).toEqual([
      { key: 'isBCard', label: 'B 卡', before: '是', after: null },
    ]);
  });

  it('renders one line a field, 之前 → 之後, read as 由 … 改為 …, long text cut with the whole in its title', () => {
    const long = '好'.repeat(120);
    render(<AuditDiff before={{ hiddenReason: null, note: long }} after={{ hiddenReason: '含個人資料', note: 'x' }} />);
    expect(screen.getByText('隱藏原因')).toBeTruthy();
    const line = screen.getByText('隱藏原因').nextElementSibling!;
    expect(line.textContent).toBe('由 — →  改為 含個人資料');
    expect(screen.getByTitle(long).textContent).toBe(`${'好'.repeat(80)}…`);
    expect(document.querySelector('pre')).toBeNull();
  });
});

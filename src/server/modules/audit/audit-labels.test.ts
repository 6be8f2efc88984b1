import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_TARGET_LABELS,
  auditActionLabel,
  auditFieldLabel,
} from '../../../shared/audit-labels';
import type { AuditEntry } from './audit.service';

const MODULES = join(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.includes('.test.') && !e.name.includes('fixtures')
        ? [join(dir, e.name)]
        : [],
  );

/** Dotted literals in the files that write audit records (directly or through the catalogue's `changed`). */
function writtenActions(): string[] {
  const out = new Set<string>();
  for (const file of sources(MODULES)) {
    const text = readFileSync(file, 'utf8');
    if (!/audit\.record\(|changed\(tx/.test(text)) continue;
    for (const m of text.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) out.add(m[1]!);
  }
  return [...out].sort();
}

const CHINESE = /^[^A-Za-z]*[\u4e00-\u9fff][^A-Za-z]*$/;

describe('audit action names', () => {
  it('every action the server writes has a Chinese name (upload.create included)', () => {
    const written = writtenActions();
    expect(written.length).toBeGreaterThan(30);
    expect(written).toContain('upload.create');
    expect(written.filter((a) => !(a in AUDIT_ACTION_LABELS))).toEqual([]);
  });

  it('every name, target kind and field label is Chinese, with no Latin letters', () => {
    const labels = [...Object.values(AUDIT_ACTION_LABELS), ...Object.values(AUDIT_TARGET_LABELS)];
    expect(labels.filter((l) => !CHINESE.test(l))).toEqual([]);
    for (const field of ['priceCents', 'status', 'roles', 'saleStartsAt', 'hiddenReason', 'reason'])
      expect(auditFieldLabel(field)).toMatch(CHINESE);
    expect(auditActionLabel('upload.create')).toBe('上載圖片');
    expect(auditActionLabel('older.action')).toBe('older.action');
  });

  it('refuses, at compile time, an action with no name (the type bites)', () => {
    const entry = (action: AuditEntry['action']) => action;
    // @ts-expect-error an action without a Chinese name is not an AuditAction
    expect(entry('upload.nonsense')).toBe('upload.nonsense');
    expect(entry('shipment.ship')).toBe('shipment.ship');
  });
});

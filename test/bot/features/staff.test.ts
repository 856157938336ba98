import { describe, expect, it } from 'vitest';
import { parseStaffCommand } from '../../../src/bot/features/staff.js';

describe('/staff', () => {
  it('adds as staff unless a role is named, viewer included', () => {
    expect(parseStaffCommand('add 2002')).toEqual({ kind: 'add', id: 2002, role: 'staff' });
    expect(parseStaffCommand('add ۲۰۰۲ Viewer')).toEqual({ kind: 'add', id: 2002, role: 'viewer' });
  });

  it('changes a role only when the role is named', () => {
    expect(parseStaffCommand('role 2002 admin')).toEqual({ kind: 'role', id: 2002, role: 'admin' });
    expect(parseStaffCommand('role 2002')).toEqual({ kind: 'usage' });
    expect(parseStaffCommand('role 2002 owner')).toEqual({ kind: 'usage' });
  });

  it('refuses stray words and IDs that are not exact', () => {
    expect(parseStaffCommand('remove 2002 3003')).toEqual({ kind: 'usage' });
    expect(parseStaffCommand('add 2002 viewer please')).toEqual({ kind: 'usage' });
    expect(parseStaffCommand('add 9007199254740993')).toEqual({ kind: 'bad-id', value: '9007199254740993' });
    expect(parseStaffCommand('')).toEqual({ kind: 'list' });
  });
});

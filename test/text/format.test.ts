import { afterEach, describe, expect, it } from 'vitest';
import { formatAmount, formatDateText, formatDateTime, formatNumber, formatZoneName, localDigits } from '../../src/text/format.js';
import { normaliseDigits, toPersianDigits } from '../../src/text/digits.js';

describe('formatting for a locale', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('writes Persian numbers with Persian digits and the Persian thousands separator', () => {
    expect(formatNumber(1_234_567, 'fa')).toBe('۱٬۲۳۴٬۵۶۷');
  });

  it('writes English numbers with ASCII digits and commas', () => {
    expect(formatNumber(1_234_567, 'en')).toBe('1,234,567');
  });

  it('shows whole numbers only', () => {
    expect(formatNumber(1_999.6, 'en')).toBe('2,000');
  });

  it('puts the configured unit after an amount, and nothing when there is none', () => {
    expect(formatAmount(3_700_000, 'fa', 'IRR')).toBe('۳٬۷۰۰٬۰۰۰ IRR');
    expect(formatAmount(3_700_000, 'en', '')).toBe('3,700,000');
  });

  it('puts each language’s own unit after an amount when there is one per language', () => {
    const unit = { en: 'IRR', fa: 'ریال' };
    expect(formatAmount(3_700_000, 'fa', unit)).toBe('۳٬۷۰۰٬۰۰۰ ریال');
    expect(formatAmount(3_700_000, 'en', unit)).toBe('3,700,000 IRR');
  });

  it('turns the digits of any text into Persian digits for Persian only', () => {
    expect(localDigits('A-1024', 'fa')).toBe('A-۱۰۲۴');
    expect(localDigits('A-1024', 'en')).toBe('A-1024');
  });

  it('reads Persian and Arabic-Indic digits back as ASCII', () => {
    expect(normaliseDigits('۰۱۲۳۴۵۶۷۸۹ ٠١٢٣٤٥٦٧٨٩')).toBe('0123456789 0123456789');
    expect(normaliseDigits(toPersianDigits('2025'))).toBe('2025');
  });

  it('writes a moment in the Persian calendar with Persian digits', () => {
    expect(formatDateTime(Date.UTC(2025, 2, 21, 9, 5), 'fa', 'UTC')).toBe('۱ فروردین ۱۴۰۴، ۹:۰۵');
  });

  it('writes a moment in the given zone whatever the server time zone is', () => {
    process.env.TZ = 'Asia/Tehran';
    expect(formatDateTime(Date.UTC(2025, 2, 21, 9, 5), 'en', 'UTC')).toBe('21 Mar 2025, 09:05');
  });

  it('writes a moment in a given time zone', () => {
    expect(formatDateTime(Date.UTC(2025, 2, 21, 9, 5), 'en', 'Asia/Tehran')).toBe('21 Mar 2025, 12:35');
  });

  it('writes a moment in Tehran in the Jalali calendar with Persian digits', () => {
    expect(formatDateTime(Date.UTC(2026, 10, 23, 21, 40), 'fa', 'Asia/Tehran')).toBe('۳ آذر ۱۴۰۵، ۱:۱۰');
  });

  it('names the zone in the reader’s language', () => {
    expect(formatZoneName('Asia/Tehran', 'en')).toBe('Iran Standard Time');
    expect(formatZoneName('Asia/Tehran', 'fa')).toBe('وقت عادی ایران');
  });

  it('writes a bare date as that calendar day, not moved into the zone', () => {
    expect(formatDateText('2027-11-22', 'fa', 'America/Los_Angeles')).toBe('۱ آذر ۱۴۰۶');
    expect(formatDateText('2027-11-22', 'en', 'America/Los_Angeles')).toBe('22 Nov 2027');
  });

  it('leaves text that is not a real date alone', () => {
    expect(formatDateText('2027-02-30', 'fa', 'UTC')).toBeNull();
    expect(formatDateText('GP7Q-2XKM-99LA', 'fa', 'UTC')).toBeNull();
    expect(formatDateText('20271122', 'fa', 'UTC')).toBeNull();
  });
});

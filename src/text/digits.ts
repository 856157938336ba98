const PERSIAN_ZERO = 0x06f0;
const ARABIC_INDIC_ZERO = 0x0660;

/** Persian (۰-۹) and Arabic-Indic (٠-٩) digits to ASCII, so '۱۲' and '١٢' both read as 12. */
export function normaliseDigits(text: string): string {
  return text.replace(/[۰-۹٠-٩]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= PERSIAN_ZERO ? code - PERSIAN_ZERO : code - ARABIC_INDIC_ZERO);
  });
}

/** ASCII digits as Persian digits. */
export function toPersianDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(PERSIAN_ZERO + Number(d)));
}

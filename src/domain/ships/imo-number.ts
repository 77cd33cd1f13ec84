/**
 * IMO ship identification number check (IMO Resolution A.1117(30), Annex §3): seven digits, the last a
 * check digit equal to the last digit of Σ dᵢ·(8−i) for the first six digits, weights 7…2.
 * Example from the resolution: IMO 9074729 → 9·7+0·6+7·5+4·4+7·3+2·2 = 139 → check digit 9.
 */
export function isValidImoNumber(value: string): boolean {
  const digits = value.replace(/^IMO\s*/i, "");
  if (!/^\d{7}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(digits[i]) * (7 - i);
  return sum % 10 === Number(digits[6]);
}

/** Normalises 'IMO 9074729' or ' 9074729 ' to '9074729'. */
export function normaliseImoNumber(value: string): string {
  return value.trim().replace(/^IMO\s*/i, "");
}

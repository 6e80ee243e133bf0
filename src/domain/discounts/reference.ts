/** The human reference of a discount, from its integer id: D-000123 (more digits once past a million). */
export function discountReference(pId: number): string {
  return `D-${String(pId).padStart(6, '0')}`;
}

/** The integer id a reference names, or null when the text is not one. */
export function pIdOfReference(text: string): number | null {
  const match = /^D-(\d{1,10})$/i.exec(text.trim());
  return match && Number(match[1]) <= 2_147_483_647 ? Number(match[1]) : null;
}

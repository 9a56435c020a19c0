/**
 * When two handles read alike (issue 25 item 8, decision 039). The confusable mapping is Unicode's
 * confusables.txt (UTS #39 §4) as the unhomoglyph package ships it; its data version is in the
 * decision. Pure: no database here (auth.handles.ts stores and compares what this computes).
 */
import unhomoglyph from 'unhomoglyph';

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * UTS #39's skeleton(X): NFD, drop default-ignorable code points, replace each character by its
 * confusables.txt prototype, NFD again. Two strings are confusable when their skeletons are equal.
 * Not for display: "m" becomes "rn", Cyrillic "а" becomes Latin "a", "0" becomes "O", "I" "l".
 */
export function confusableSkeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD').replace(DEFAULT_IGNORABLE, '')).normalize('NFD');
}

/**
 * The skeletons a handle is held by: of its NFKC form as typed, lower-cased and upper-cased, without
 * repeats, sorted (every writer inserts them in one order, so two racing writers cannot deadlock).
 * Handles are one handle whatever their letter case, so a handle can be shown in any of these forms
 * ("@NAME" is @name); two handles collide when any form of one reads as any form of the other:
 * "NAME", "ｎａｍｅ", "nаme" (Cyrillic а) and "ΝΑΜΕ" (Greek capitals) all meet "name", "biIl" (capital
 * I) meets "bill", "c00l" meets "cool", while "ali" and "all" stay apart.
 */
export function handleSkeletons(username: string): string[] {
  const handle = username.normalize('NFKC');
  const forms = [handle, handle.toLowerCase(), handle.toUpperCase()];
  return [...new Set(forms.map(confusableSkeleton))].sort();
}

/**
 * What a handle may hold, shown to server and web alike (decision 039). The look-
 * alike comparison itself (Unicode TR 39 skeletons) is the server's: it needs the confusables data,
 * which the web app has no use for (apps/server/src/modules/auth/auth.skeleton.ts).
 */
import { MESSAGES } from './messages';

/**
 * Characters a handle never holds, because they cannot be seen or they change how the text around
 * them reads: controls (Cc), format characters (Cf: zero-width space and joiners, bidi embeddings,
 * overrides and isolates, the byte-order mark, soft hyphen), unassigned (Cn), private-use (Co) and
 * lone surrogates (Cs), line and paragraph separators, every Default_Ignorable_Code_Point (variation
 * selectors, Hangul fillers) and the blank Braille pattern, which renders as nothing.
 */
const HIDDEN_CLASS =
  '[\\p{Cc}\\p{Cf}\\p{Cn}\\p{Co}\\p{Cs}\\p{Zl}\\p{Zp}\\p{Default_Ignorable_Code_Point}\\u2800]';
const HIDDEN_CHARACTER = new RegExp(HIDDEN_CLASS, 'u');
const HIDDEN_CHARACTERS = new RegExp(HIDDEN_CLASS, 'gu');

/** True when the text holds a character a handle may not (see HIDDEN_CLASS). */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_CHARACTER.test(text);
}

/**
 * A handle as typed becomes this before it is checked and stored: NFKC (fullwidth and other
 * compatibility forms become their plain letters: "ｎａｍｅ" is stored as "name"), trimmed.
 */
export function normalizeUsername(raw: string): string {
  return raw.trim().normalize('NFKC').trim();
}

/**
 * The 409 of a username that reads like `holder`'s (the same letters in another case or script,
 * or with hidden characters). The holder's handle is shown without hidden characters: one taken
 * before they were refused would otherwise garble the sentence around it.
 */
export function usernameTooCloseMessage(holder: string): string {
  return MESSAGES.usernameTooClose.replace('{handle}', holder.replace(HIDDEN_CHARACTERS, ''));
}

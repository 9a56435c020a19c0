import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { VALIDATION_MESSAGES } from './messages/validation';
import { hasHiddenCharacters, normalizeUsername, usernameTooCloseMessage } from './usernames';
import { firstIssueMessage, signUpSchema, usernameSchema } from './validation';

const hidden = VALIDATION_MESSAGES.usernameHiddenCharacters;

function messageOf(input: unknown): string | null {
  const result = usernameSchema.safeParse(input);
  return result.success ? null : firstIssueMessage(result.error);
}

describe('hidden characters in a handle', () => {
  it.each([
    ['zero-width space', 'name\u200B'],
    ['zero-width non-joiner', 'na\u200Cme'],
    ['zero-width joiner', 'na\u200Dme'],
    ['word joiner', 'na\u2060me'],
    ['byte-order mark inside', 'na\uFEFFme'],
    ['soft hyphen', 'na\u00ADme'],
    ['right-to-left override', '\u202Eeman'],
    ['left-to-right embedding', '\u202Aname\u202C'],
    ['right-to-left isolate', '\u2067name\u2069'],
    ['right-to-left mark', 'name\u200F'],
    ['Arabic letter mark', 'name\u061C'],
    ['control character', 'na\u0007me'],
    ['line separator', 'na\u2028me'],
    ['private use', 'na\uE000me'],
    ['unassigned code point', 'na\u0378me'],
    ['lone surrogate', 'na\uD800me'],
    ['variation selector', 'name\uFE0F'],
    ['Hangul filler', 'name\u3164'],
    ['blank Braille pattern', 'na\u2800me'],
    ['tag character', 'name\u{E0041}'],
  ])('refuses a %s', (_, input) => {
    expect(hasHiddenCharacters(input)).toBe(true);
    expect(messageOf(input)).toBe(hidden);
    const signUp = signUpSchema.safeParse({
      username: input,
      email: 'm@x.io',
      password: 'secret',
      role: 'viewer',
    });
    expect(signUp.success ? null : firstIssueMessage(signUp.error)).toBe(hidden);
  });

  it.each([
    'name',
    'Maria_Lopez',
    'jean-luc.picard',
    'ana maria',
    'Zoë',
    'José',
    'Ğökçe',
    'Ελένη',
    'Дмитрий',
    'محمد',
    'שרה',
    '山田太郎',
    'नमस्ते',
    'user👍',
  ])('accepts %j as it is', (input) => {
    expect(hasHiddenCharacters(input)).toBe(false);
    expect(usernameSchema.parse(input)).toBe(input);
  });

  it('reports the hidden character before the length', () => {
    expect(messageOf('a\u200B')).toBe(hidden);
  });
});

describe('a handle is stored NFKC-normalised and trimmed', () => {
  it.each([
    ['ｎａｍｅ', 'name'],
    ['ＮＡＭＥ', 'NAME'],
    ['  name  ', 'name'],
    ['\u3000name\u3000', 'name'],
    ['\uFEFFname', 'name'],
    ['ﬁsh', 'fish'],
    ['na\u0303me', 'nãme'],
    ['caf\u0065\u0301', 'café'],
  ])('%j becomes %j', (input, stored) => {
    expect(normalizeUsername(input)).toBe(stored);
    expect(usernameSchema.parse(input)).toBe(stored);
  });

  it('counts the length after normalising', () => {
    expect(messageOf('ａｂ')).toBe(VALIDATION_MESSAGES.usernameTooShort);
    // One compatibility character that expands past the limit.
    expect(messageOf(`${'a'.repeat(48)}㍿`)).toBe(VALIDATION_MESSAGES.usernameTooLong);
  });
});

describe('usernameTooCloseMessage', () => {
  it('names the handle it is too close to', () => {
    expect(usernameTooCloseMessage('name')).toBe(
      'That username is too close to @name. Please choose another.',
    );
    expect(MESSAGES.usernameTooClose).toContain('{handle}');
  });

  it('shows a handle taken before the rule without its hidden characters', () => {
    expect(usernameTooCloseMessage('\u202Eeman\u200B')).toBe(
      'That username is too close to @eman. Please choose another.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { confusableSkeleton, handleSkeletons } from './auth.skeleton';

function readAlike(a: string, b: string): boolean {
  const ofB = new Set(handleSkeletons(b));
  return handleSkeletons(a).some((skeleton) => ofB.has(skeleton));
}

describe('confusableSkeleton (UTS #39 skeleton)', () => {
  it.each([
    ['𝔭𝒶ỿ𝕡𝕒ℓ', 'paypal'],
    ['раураl', 'paypal'], // Cyrillic р, а, у
    ['m', 'rn'],
    ['0', 'O'],
    ['I', 'l'],
    ['1', 'l'],
    ['na\u200Bme', 'narne'], // default-ignorable code points are dropped
  ])('%j → %j', (input, skeleton) => {
    expect(confusableSkeleton(input)).toBe(skeleton);
  });

  it('keeps accents, which a reader sees', () => {
    expect(confusableSkeleton('café')).toBe('cafe\u0301');
    expect(confusableSkeleton('café')).not.toBe(confusableSkeleton('cafe'));
  });
});

describe('handleSkeletons: when two handles read alike (issue 25 item 8)', () => {
  it.each([
    ['name', 'NAME', 'letter case'],
    ['name', 'nаme', 'Cyrillic а'],
    ['carla', 'саrlа', 'Cyrillic с and а'],
    ['name', 'ｎａｍｅ', 'fullwidth letters'],
    ['name', 'ΝΑΜΕ', 'Greek capitals, which read as NAME'],
    ['bill', 'biIl', 'capital I for l'],
    ['bill', 'bi1l', 'digit 1 for l'],
    ['cool', 'c00l', 'digit 0 for o'],
    ['mary', 'rnary', 'rn for m'],
    ['Ian', 'lan', 'capital I for l, as typed'],
    ['paypal', '𝔭𝒶ỿ𝕡𝕒ℓ', 'mathematical letters'],
    ['jordan', 'jоrdan', 'Cyrillic о'],
  ])('%j and %j (%s)', (a, b) => {
    expect(readAlike(a, b)).toBe(true);
    expect(readAlike(b, a)).toBe(true);
  });

  it.each([
    ['carla', 'karla'],
    ['ali', 'all'],
    ['bill', 'bili'],
    ['ian', 'lan'],
    ['zoe', 'zoë'],
    ['sofia', 'sofía'],
    ['anna', 'ana'],
    ['name', 'names'],
    ['user_1a2b', 'user_1a2c'],
  ])('%j and %j stay apart', (a, b) => {
    expect(readAlike(a, b)).toBe(false);
  });

  it('gives each handle its forms without repeats, sorted (one insert order for every writer)', () => {
    expect(handleSkeletons('name')).toEqual(['NAME', 'narne']);
    const skeletons = handleSkeletons('Ian');
    expect(skeletons).toEqual([...new Set(skeletons)].sort());
    expect(skeletons).toHaveLength(3);
  });
});

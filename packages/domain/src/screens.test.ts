import { describe, expect, it } from 'vitest';
import { screenModuleName } from './screens';

describe('screenModuleName', () => {
  it('names the home page landing and joins deeper paths with hyphens', () => {
    expect(screenModuleName('/')).toBe('landing');
    expect(screenModuleName('')).toBe('landing');
    expect(screenModuleName('/feed')).toBe('feed');
    expect(screenModuleName('/feed/')).toBe('feed');
    expect(screenModuleName('/creator/upload')).toBe('creator-upload');
    expect(screenModuleName('/leaderboard/videos')).toBe('leaderboard-videos');
  });
});

import { describe, expect, it } from 'vitest';
import { ACTORS, EVERYONE, expectations } from '../../../test/support/actors';
import { mayModerateVideos, mayTouchUpload, mayUseCreatorArea } from './videos.policy';

describe.each([
  ['mayUseCreatorArea', mayUseCreatorArea, expectations(['creator', 'admin'])],
  ['mayModerateVideos', mayModerateVideos, expectations(['admin'])],
] as const)('%s', (_name, policy, cases) => {
  it.each(cases)('%s: %s', (who, allowed) => {
    expect(policy(ACTORS[who])).toBe(allowed);
  });
});

describe('mayTouchUpload', () => {
  it.each(EVERYONE)("%s, on an upload of their own and on another's", (who) => {
    const actor = ACTORS[who];
    expect(mayTouchUpload(actor, { ownerId: actor?.userId ?? null })).toBe(
      who === 'creator' || who === 'admin',
    );
    expect(mayTouchUpload(actor, { ownerId: 'someone-else' })).toBe(false);
  });

  it('refuses an upload without an owner', () => {
    expect(mayTouchUpload(null, { ownerId: undefined })).toBe(false);
    expect(mayTouchUpload(ACTORS.creator, { ownerId: undefined })).toBe(false);
  });
});

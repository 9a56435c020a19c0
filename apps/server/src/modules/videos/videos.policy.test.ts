import { describe, expect, it } from 'vitest';
import { mayModerateVideos, mayTouchUpload, mayUpload, mayUseCreatorArea } from './videos.policy';

const actors = {
  'signed out': null,
  viewer: { userId: 'v', roles: ['viewer'] },
  creator: { userId: 'c', roles: ['creator'] },
  brand: { userId: 'b', roles: ['brand'] },
  admin: { userId: 'a', roles: ['admin'] },
} as const;
type Who = keyof typeof actors;
const everyone = Object.keys(actors) as Who[];

describe.each([
  ['mayUseCreatorArea', mayUseCreatorArea, ['creator', 'admin']],
  ['mayUpload', mayUpload, ['creator', 'admin']],
  ['mayModerateVideos', mayModerateVideos, ['admin']],
] as const)('%s', (_name, policy, allowed) => {
  it.each(everyone)('%s', (who) => {
    expect(policy(actors[who])).toBe((allowed as readonly Who[]).includes(who));
  });
});

describe('mayTouchUpload', () => {
  it.each(everyone)("%s, on an upload of their own and on another's", (who) => {
    const actor = actors[who];
    const own = { ownerId: actor?.userId ?? null };
    expect(mayTouchUpload(actor, own)).toBe(who === 'creator' || who === 'admin');
    expect(mayTouchUpload(actor, { ownerId: 'someone else' })).toBe(false);
  });

  it('refuses an upload without an owner, even to a signed-out caller', () => {
    expect(mayTouchUpload(null, { ownerId: undefined })).toBe(false);
    expect(mayTouchUpload(actors.creator, { ownerId: undefined })).toBe(false);
  });
});

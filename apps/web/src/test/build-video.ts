import type { Video } from '@adreel/domain';

let serial = 0;

/** A video as the API sends it (videoSchema), pending by default; override what the test is about. */
export function buildVideo(overrides: Partial<Video> = {}): Video {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    title: `Video ${serial}`,
    caption: null,
    status: 'pending',
    failureReason: null,
    processingProgress: null,
    durationSec: 24,
    fileUrl: '/media/videos/clip.mp4',
    thumbUrl: null,
    ctaText: null,
    ctaUrl: null,
    views: 0,
    likes: 0,
    shares: 0,
    featured: false,
    campaignId: null,
    campaignTitle: null,
    submissionStatus: null,
    createdAt: new Date(Date.now() - 3600_000).toISOString(),
    publishedAt: null,
    creator: {
      id: '00000000-0000-4000-8000-00000000c0de',
      username: 'maya',
      displayName: 'Maya Chen',
      photoUrl: null,
    },
    ...overrides,
  };
}

import { SCREEN_TITLES } from '@adreel/domain';
import { Upload } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { CreatorVideoList } from '@/features/videos/components/creator-video-list';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /creator/videos (SPEC.md §2): the creator's own videos and where each one stands. */
export default function CreatorVideosPage() {
  useDocumentTitle(SCREEN_TITLES.myVideos);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <PageHeader
        eyebrow="Creator"
        title={SCREEN_TITLES.myVideos}
        description="Everything you have uploaded, with its review status, views and likes."
        actions={
          <Button asChild>
            <Link to="/creator/upload">
              <Upload /> {SCREEN_TITLES.uploadVideo}
            </Link>
          </Button>
        }
      />
      <CreatorVideoList />
    </div>
  );
}

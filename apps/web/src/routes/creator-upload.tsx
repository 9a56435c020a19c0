import { SCREEN_TITLES } from '@adreel/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { UploadForm } from '@/features/upload/components/upload-form';
import { creatorVideosKey } from '@/features/videos/api/get-creator-videos';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /creator/upload (SPEC.md §2): `?campaign=ID` comes from a brief's Apply to Campaign. */
export default function CreatorUploadPage() {
  useDocumentTitle(SCREEN_TITLES.uploadVideo);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <PageHeader
        eyebrow="Creator"
        title={SCREEN_TITLES.uploadVideo}
        description="A vertical ad people want to watch: short, sharp, made for the phone. Our team reviews every video before it goes live."
      />
      <UploadForm
        initialCampaignId={params.get('campaign')}
        onUploaded={() => {
          void queryClient.invalidateQueries({ queryKey: creatorVideosKey });
          void navigate('/creator/videos');
        }}
      />
    </div>
  );
}

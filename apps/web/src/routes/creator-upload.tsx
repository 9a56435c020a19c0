import { VIDEO_MAX_BYTES, VIDEO_MAX_SECONDS } from '@adreel/domain';
import { Upload } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function CreatorUploadPage() {
  return (
    <ComingSoon
      title="Upload Video"
      icon={Upload}
      description={`Upload a vertical ad of up to ${VIDEO_MAX_SECONDS} seconds and ${VIDEO_MAX_BYTES / 1024 / 1024}MB, on its own or for an open campaign.`}
    />
  );
}

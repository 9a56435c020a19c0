import { BetaProgressCard } from '@/features/beta/components/beta-progress-card';
import { FeaturesGrid } from '@/features/marketing/components/features-grid';
import { Hero } from '@/features/marketing/components/hero';
import { PrivateBetaCard } from '@/features/marketing/components/private-beta-card';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function LandingPage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <div className="relative z-10 mx-auto -mt-10 max-w-4xl px-4 sm:-mt-14 sm:px-6">
        <BetaProgressCard />
      </div>
      <FeaturesGrid />
      <PrivateBetaCard />
    </>
  );
}

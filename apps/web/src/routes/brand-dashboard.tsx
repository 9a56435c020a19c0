import { ChartColumn } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function BrandDashboardPage() {
  return (
    <ComingSoon
      title="Brand Dashboard"
      icon={ChartColumn}
      description="Create campaigns, review submissions, mark payments as paid and follow performance."
    />
  );
}

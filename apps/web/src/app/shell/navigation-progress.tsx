import { useNavigation } from 'react-router';

/** A thin sweep under the top bar while the next screen's code loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="absolute inset-x-0 bottom-0 h-0.5 overflow-hidden" aria-hidden="true">
      <div className="h-full w-2/5 animate-progress-sweep bg-linear-to-r from-transparent via-brand to-transparent" />
    </div>
  );
}

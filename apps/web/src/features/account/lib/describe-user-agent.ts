export interface DeviceDescription {
  /** "Chrome on macOS", or "Unknown device". */
  label: string;
  kind: 'phone' | 'tablet' | 'desktop' | 'unknown';
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", iPadOS may say "Mac".
const BROWSERS: [RegExp, string][] = [
  [/EdgA?\/|Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/CriOS\/|Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPad/, 'iPadOS'],
  [/iPhone|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];

/** A person-readable name for the device behind a session, from its User-Agent header. */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { label: 'Unknown device', kind: 'unknown' };
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const kind: DeviceDescription['kind'] =
    system === 'iPadOS' || (system === 'Android' && !/Mobile/.test(userAgent))
      ? 'tablet'
      : system === 'iOS' || system === 'Android'
        ? 'phone'
        : system
          ? 'desktop'
          : 'unknown';
  if (browser && system) return { label: `${browser} on ${system}`, kind };
  if (browser || system) return { label: (browser ?? system) as string, kind };
  // Not a browser we know (curl, an app): show the product token rather than nothing.
  const product = userAgent.split(/[\s/]/)[0];
  return { label: product || 'Unknown device', kind };
}

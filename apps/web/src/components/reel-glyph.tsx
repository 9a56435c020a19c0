import { type SVGProps, useId } from 'react';

/** The logo mark: a play button on the brand gradient, with a dot for "recording". Decorative. */
export function ReelGlyph(props: SVGProps<SVGSVGElement>) {
  const gradient = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" {...props}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#FF2D55" />
          <stop offset="1" stopColor="#7C3AED" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path
        d="M12.5 10.2v11.6c0 .8.9 1.3 1.6.9l9.3-5.8c.6-.4.6-1.4 0-1.8l-9.3-5.8c-.7-.4-1.6.1-1.6.9Z"
        fill="#fff"
      />
      <circle cx="25" cy="7" r="2.2" fill="#fff" fillOpacity=".9" />
    </svg>
  );
}

// A tool's logo, with the uppercased first letter of its name on a tile of the tool's own colour underneath for a
// missing or broken image (the layout's error listener removes images that fail to load, uncovering the letter).
import { logoLetter } from '../../lib/format';
import { logoTileClass } from '../../lib/logo-tile';

export default function ToolLogo({
  name,
  logoUrl,
  size = 'md',
}: {
  name: string;
  logoUrl: string | null;
  size?: 'md' | 'lg';
}) {
  const box = size === 'lg' ? 'w-20 h-20 text-3xl' : 'w-12 h-12 text-xl';
  return (
    <div
      className={`relative shrink-0 ${box} rounded-xl ${logoTileClass(name)} text-white font-bold flex items-center justify-center overflow-hidden`}
      data-testid="tool-logo"
    >
      <span aria-hidden="true">{logoLetter(name)}</span>
      {logoUrl && (
        <img
          src={logoUrl}
          alt={`${name} logo`}
          data-fallback=""
          loading="lazy"
          decoding="async"
          width={size === 'lg' ? 80 : 48}
          height={size === 'lg' ? 80 : 48}
          className="absolute inset-0 w-full h-full object-cover bg-base-100"
        />
      )}
    </div>
  );
}

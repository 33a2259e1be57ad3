// Five stars for a 0-10 score: star n is lit when n <= score / 2.
import { starsLit } from '../../lib/format';

export default function Stars({ score, className = 'w-4 h-4' }: { score: number | null; className?: string }) {
  return (
    <span className="inline-flex gap-0.5" role="img" aria-label={`${score ?? 0} out of 10`}>
      {starsLit(score).map((lit, i) => (
        <svg
          key={i}
          viewBox="0 0 20 20"
          className={`${className} ${lit ? 'fill-amber-400' : 'fill-base-300'}`}
          aria-hidden="true"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}

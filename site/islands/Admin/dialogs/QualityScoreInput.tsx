// The Quality Score input: a whole number clamped to 1..10 when the field is left or the form is sent; a
// non-number becomes 5 (SPEC.md section 5).
import type { Ref } from 'react';
import { clampQualityScore } from '../../../../lib/format';

interface Props {
  id: string;
  name: string;
  value: unknown;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref: Ref<HTMLInputElement>;
}

/** The score as the input shows it once clamped: what the form validates and sends. */
export const clampedScore = (value: unknown): string => String(clampQualityScore(value));

/** Takes a react-hook-form Controller's field as its props. */
export default function QualityScoreInput({ id, name, value, onChange, onBlur, ref }: Props) {
  return (
    <div className="flex items-center gap-2">
      <input
        ref={ref}
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={1}
        max={10}
        step={1}
        className="input input-bordered w-24"
        value={String(value ?? '')}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => {
          onChange(clampedScore(value));
          onBlur();
        }}
      />
      <span className="text-sm text-base-content/70">out of 10</span>
    </div>
  );
}

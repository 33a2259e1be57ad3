// The Quality Score input: a whole number clamped to 1..10 when the field is left; a non-number becomes 5.
import { clampQualityScore } from '../../../../lib/format';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

export default function QualityScoreInput({ id, value, onChange }: Props) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        name="qualityScore"
        type="number"
        inputMode="numeric"
        min={1}
        max={10}
        step={1}
        className="input input-bordered w-24"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => onChange(String(clampQualityScore(value)))}
      />
      <span className="text-sm text-base-content/70">out of 10</span>
    </div>
  );
}

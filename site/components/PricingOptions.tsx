// The options of every Pricing Model select (submit form, change request, staff edit): "Not specified", then each model.
import { PRICING_MODELS } from '../../lib/categories';
import { pricingLabel } from '../../lib/format';

export function PricingOptions() {
  return (
    <>
      <option value="">Not specified</option>
      {PRICING_MODELS.map((p) => (
        <option key={p} value={p}>
          {pricingLabel(p)}
        </option>
      ))}
    </>
  );
}

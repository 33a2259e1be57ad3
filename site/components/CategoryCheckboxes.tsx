// The category checkbox grid that produces a tool's tags (submission form and the owner's Edit dialog).
import type { ReactNode, Ref } from 'react';
import { CATEGORIES } from '../../lib/categories';

interface CategoryCheckboxesProps {
  value: string[];
  onChange: (tags: string[]) => void;
  required?: boolean;
  /** The id of the message that describes the group (a validation error), when there is one. */
  describedBy?: string;
  /** The first checkbox, for the form to focus when the group's value is refused. */
  firstInputRef?: Ref<HTMLInputElement>;
  children?: ReactNode;
}

export default function CategoryCheckboxes({
  value,
  onChange,
  required = false,
  describedBy,
  firstInputRef,
  children,
}: CategoryCheckboxesProps) {
  return (
    <fieldset data-field="tags" aria-describedby={describedBy}>
      <legend className="label-text font-medium mb-2">
        Categories {required && <span className="text-error-text">*</span>}
      </legend>
      <div className="grid grid-cols-1 sm:grid-cols-2 md:grid-cols-3 gap-2">
        {CATEGORIES.map((c, i) => (
          <label
            key={c.id}
            className="flex items-center gap-2 rounded-lg border border-base-300 px-3 py-2 cursor-pointer hover:bg-base-200"
          >
            <input
              ref={i === 0 ? firstInputRef : undefined}
              type="checkbox"
              className="checkbox checkbox-sm checkbox-primary"
              checked={value.includes(c.id)}
              onChange={(e) => onChange(e.target.checked ? [...value, c.id] : value.filter((t) => t !== c.id))}
            />
            <span className="text-sm">{c.label}</span>
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}

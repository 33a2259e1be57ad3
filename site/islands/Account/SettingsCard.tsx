// One section of the account page: a card with its heading, an anchor the page's section nav links to.
import type { ReactNode } from 'react';

export function SettingsCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="card bg-base-100 border border-base-200 scroll-mt-24"
      data-settings-section
    >
      <div className="card-body gap-4 p-5 sm:p-6">
        <div>
          <h2 id={`${id}-title`} className="card-title text-xl">
            {title}
          </h2>
          {description && <p className="text-sm text-base-content/80 mt-1">{description}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

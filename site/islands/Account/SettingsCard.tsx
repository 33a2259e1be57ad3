// One section of the account page: a card with its heading, an anchor the page's section nav links to.
import type { ReactNode } from 'react';

const BORDER = { default: 'border-base-200', danger: 'border-error/40' } as const;

export function SettingsCard({
  id,
  title,
  badge,
  description,
  tone = 'default',
  testId,
  children,
}: {
  id: string;
  /** Plain text: the section nav shows it too. */
  title: string;
  /** A state shown beside the heading (kept out of the heading, so the nav reads the title alone). */
  badge?: ReactNode;
  description?: ReactNode;
  /** `danger` for an action that cannot simply be undone (closing the account). */
  tone?: keyof typeof BORDER;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`card bg-base-100 border ${BORDER[tone]} scroll-mt-24`}
      data-settings-section
      data-testid={testId}
    >
      <div className="card-body gap-4 p-5 sm:p-6">
        <div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 id={`${id}-title`} className={`card-title text-xl ${tone === 'danger' ? 'text-error-text' : ''}`}>
              {title}
            </h2>
            {badge}
          </div>
          {description && <p className="text-sm text-base-content/80 mt-1">{description}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

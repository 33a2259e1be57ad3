// The table style of the dashboard and the admin tabs: a table on wide screens, one card per row on phones.

/**
 * A daisyUI table that becomes one card per row below the md breakpoint: the header hides and each
 * cell with a data-label shows that label beside its value.
 */
export const STACKED_TABLE = [
  'table',
  'max-md:block max-md:[&_tbody]:block max-md:[&_thead]:hidden',
  'max-md:[&_tr]:block max-md:[&_tr]:border max-md:[&_tr]:border-base-200 max-md:[&_tr]:rounded-box max-md:[&_tr]:mb-3 max-md:[&_tr]:py-2',
  'max-md:[&_td]:block max-md:[&_td]:border-0 max-md:[&_td]:py-1.5',
  'max-md:[&_td[data-label]]:flex max-md:[&_td[data-label]]:items-start max-md:[&_td[data-label]]:gap-3',
  'max-md:[&_td[data-label]]:before:content-[attr(data-label)] max-md:[&_td[data-label]]:before:w-24 max-md:[&_td[data-label]]:before:shrink-0',
  'max-md:[&_td[data-label]]:before:text-xs max-md:[&_td[data-label]]:before:pt-0.5 max-md:[&_td[data-label]]:before:text-base-content/70',
].join(' ');
